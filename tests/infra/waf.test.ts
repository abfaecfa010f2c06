/**
 * The web ACL's scope-downs, on the template (infra/cdk/constructs/waf.ts): the managed rule groups do
 * not inspect authenticated API writes (an admin's blog post with code in it, a course import), and
 * the per-IP rate rule counts pages and /api/* only. The statements are evaluated here against
 * requests the way WAF evaluates them (the subset of WAF's statements and text transformations the
 * construct uses: anything else fails the test), so removing or loosening a scope-down fails.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { STATIC_PATTERNS } from '../../infra/cdk/cdn-rules.js';
import { MANAGED_RULE_GROUPS, PUBLIC_WRITE_PATHS, Waf } from '../../infra/cdk/constructs/waf.js';
import { routes } from '../../functions/routes.js';

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
}

type Json = Record<string, any>;

/** WAF's text transformations used by the construct, applied in priority order. */
function transform(value: string, transformations: { Priority: number; Type: string }[]): string {
  return [...transformations]
    .sort((a, b) => a.Priority - b.Priority)
    .reduce((v, t) => {
      switch (t.Type) {
        case 'NONE':
          return v;
        case 'LOWERCASE':
          return v.toLowerCase();
        case 'URL_DECODE':
          try {
            return decodeURIComponent(v);
          } catch {
            return v;
          }
        case 'NORMALIZE_PATH': {
          // Multiple slashes, self-references and back-references (not at the start) removed.
          const out: string[] = [];
          for (const seg of v.replace(/\/{2,}/g, '/').split('/')) {
            if (seg === '.') continue;
            if (seg === '..' && out.length > 1) out.pop();
            else out.push(seg);
          }
          return out.join('/');
        }
        default:
          throw new Error(`text transformation ${t.Type} is not modelled here`);
      }
    }, value);
}

function field(req: Request, f: Json): string | undefined {
  if (f.UriPath) return req.path;
  if (f.Method) return req.method;
  if (f.SingleHeader) return Object.entries(req.headers ?? {}).find(([k]) => k.toLowerCase() === String(f.SingleHeader.Name).toLowerCase())?.[1];
  throw new Error(`field ${JSON.stringify(f)} is not modelled here`);
}

/** Whether `statement` matches `req`, as WAF decides it (a missing header matches nothing). */
function matches(statement: Json, req: Request): boolean {
  const [[kind, s]] = Object.entries(statement) as [[string, Json]];
  switch (kind) {
    case 'NotStatement':
      return !matches(s.Statement, req);
    case 'AndStatement':
      return (s.Statements as Json[]).every((x) => matches(x, req));
    case 'OrStatement':
      return (s.Statements as Json[]).some((x) => matches(x, req));
    case 'ByteMatchStatement': {
      const raw = field(req, s.FieldToMatch);
      if (raw === undefined) return false;
      const v = transform(raw, s.TextTransformations);
      const needle = String(s.SearchString);
      if (s.PositionalConstraint === 'EXACTLY') return v === needle;
      if (s.PositionalConstraint === 'STARTS_WITH') return v.startsWith(needle);
      if (s.PositionalConstraint === 'CONTAINS') return v.includes(needle);
      throw new Error(`positional constraint ${s.PositionalConstraint} is not modelled here`);
    }
    case 'RegexMatchStatement': {
      const raw = field(req, s.FieldToMatch);
      return raw !== undefined && new RegExp(s.RegexString).test(transform(raw, s.TextTransformations));
    }
    case 'SizeConstraintStatement': {
      const raw = field(req, s.FieldToMatch);
      if (raw === undefined) return false;
      const size = Buffer.byteLength(transform(raw, s.TextTransformations));
      const ops: Record<string, (a: number, b: number) => boolean> = {
        GT: (a, b) => a > b,
        GE: (a, b) => a >= b,
        LT: (a, b) => a < b,
        LE: (a, b) => a <= b,
        EQ: (a, b) => a === b,
        NE: (a, b) => a !== b,
      };
      return ops[s.ComparisonOperator](size, s.Size);
    }
    default:
      throw new Error(`statement ${kind} is not modelled here`);
  }
}

const token = { authorization: 'Bearer eyJraWQiOiJ.eyJzdWIiOi.c2lnbmF0dXJl' };

describe('Waf scope-downs', () => {
  const stack = new Stack(new App(), 'ParrotPhrases-prod', { env: { account: '123456789012', region: 'us-east-1' } });
  new Waf(stack, 'Waf');
  const [acl] = Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL')) as Json[];
  const rules = acl.Properties.Rules as Json[];
  const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
  const rate = rules.find((r) => r.Statement.RateBasedStatement)!.Statement.RateBasedStatement as Json;

  /** Whether each managed rule group inspects the request (its scope-down matches), one answer for all groups. */
  const inspected = (req: Request) => {
    const answers = managed.map((r) => {
      const scope = r.Statement.ManagedRuleGroupStatement.ScopeDownStatement as Json | undefined;
      expect(scope, `${r.Name} has a scope-down`).toBeDefined();
      return matches(scope!, req);
    });
    expect(new Set(answers).size, JSON.stringify(req)).toBe(1);
    return answers[0];
  };
  const counted = (req: Request) => {
    expect(rate.ScopeDownStatement, 'the rate rule has a scope-down').toBeDefined();
    return matches(rate.ScopeDownStatement, req);
  };

  it('scopes down every managed rule group, the body rules included', () => {
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...MANAGED_RULE_GROUPS]);
    for (const r of managed) expect(r.Statement.ManagedRuleGroupStatement.ScopeDownStatement, r.Name).toBeDefined();
  });

  it('does not inspect authenticated writes to the API: an admin may post code, import a course, edit any text', () => {
    const adminWrites = routes.filter((r) => r.access !== 'public' && r.method !== 'GET');
    expect(adminWrites.length).toBeGreaterThan(20);
    for (const r of adminWrites) {
      const path = r.path.replace(/\{[^}]+\}/g, 'x1');
      expect(inspected({ method: r.method, path, headers: token }), `${r.method} ${path}`).toBe(false);
    }
    expect(inspected({ method: 'PUT', path: '/api/admin/blog/01J', headers: { Authorization: 'Bearer abc' } })).toBe(false);
  });

  it('inspects everything else: the same writes without a token, reads, pages, the public writes even with a token', () => {
    const requests: Request[] = [
      // No Authorization header (or an empty one): the body rules apply.
      { method: 'POST', path: '/api/admin/blog' },
      { method: 'POST', path: '/api/admin/blog', headers: { authorization: '' } },
      { method: 'PUT', path: '/api/settings', headers: { cookie: 'x' } },
      // Reads and preflights, with or without a token.
      { method: 'GET', path: '/api/languages', headers: token },
      { method: 'GET', path: '/api/admin/audit', headers: token },
      { method: 'OPTIONS', path: '/api/admin/blog', headers: token },
      // Pages and their no-script form (not under /api/, no authorizer).
      { method: 'GET', path: '/', headers: token },
      { method: 'POST', path: '/support', headers: token },
      { method: 'POST', path: '/fr/a1', headers: token },
      // The API's public writes reach a handler without any authorizer: a forged token must not skip the rules.
      ...PUBLIC_WRITE_PATHS.flatMap((p) => [
        { method: 'POST', path: p, headers: token },
        { method: 'POST', path: p.replace('/api/', '/api//'), headers: token },
        { method: 'POST', path: `${p}/`, headers: token },
        { method: 'POST', path: p.replace('/api/', '/api/./'), headers: token },
        { method: 'POST', path: p.replace('/api/', '/api/x/../'), headers: token },
        { method: 'POST', path: p.replace(/\/api\/(.)/, (_, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`), headers: token },
        { method: 'POST', path: p.toUpperCase().replace('/API/', '/api/'), headers: token },
      ]),
    ];
    for (const req of requests) expect(inspected(req), `${req.method} ${req.path} ${JSON.stringify(req.headers ?? {})}`).toBe(true);
    expect([...PUBLIC_WRITE_PATHS].sort()).toEqual(['/api/analytics', '/api/reminders', '/api/support']);
  });

  it('counts pages and /api/* against the per-IP rate, not the static files or the media', () => {
    const notCounted = [
      '/static/app-abc123.js',
      '/static/chunks/lesson-9f8e.js',
      '/embed/banner.js',
      '/favicon.svg',
      '/parrot-favicon.svg',
      '/config.json',
      '/media/content/audio/tts_fr_abc.mp3',
      '/media/assets/settings/logo.png',
    ];
    for (const path of notCounted) expect(counted({ method: 'GET', path }), path).toBe(false);
    // Every static pattern of the CDN is exempt (the list is cdn-rules.ts's, not a copy).
    for (const p of STATIC_PATTERNS) expect(counted({ method: 'GET', path: p.replace('*', 'file.js') }), p).toBe(false);
    const countedPaths = [
      '/',
      '/fr',
      '/fr/a1/greetings',
      '/blog/hello-world',
      '/support',
      '/sitemap.xml',
      '/blog/rss.xml',
      '/api/languages',
      '/api/pages/lesson/fr/a1/greetings',
      '/api/admin/blog',
      // A static prefix that resolves elsewhere is what it resolves to.
      '/static/../api/languages',
      '/media/%2e%2e/api/languages',
      '/staticx/app.js',
      '/favicon.svg.html',
    ];
    for (const path of countedPaths) expect(counted({ method: 'GET', path }), path).toBe(true);
    expect(counted({ method: 'POST', path: '/api/support' })).toBe(true);
  });
});
