/**
 * The web ACL in front of CloudFront: a per-IP rate limit, AWS's common rule set and its known-bad-
 * inputs rule set. It sees every viewer request (pages, /api, /media), cache hits included, but not
 * presigned uploads, which go straight to S3, nor the raw execute-api URL.
 *
 * Two scope-downs keep it from working against the site's own owners:
 *  - The managed rule groups do not inspect authenticated writes to the API (ADMIN_WRITE_EXEMPTION):
 *    their body rules (CrossSiteScripting_BODY, GenericLFI_BODY, the known-bad-inputs' body rules...)
 *    would block an admin's blog post that shows code, or a course import, in prod only.
 *  - The rate rule counts pages and /api/* only (RATE_COUNTED): the static build files and the media
 *    are cheap cache hits, and a lesson with twenty audio clips is not twenty attacks.
 */
import { Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes } from '../../../functions/routes.js';
import { STATIC_PATTERNS } from '../cdn-rules.js';
import { ContextError } from '../context.js';

/** CLOUDFRONT-scope web ACLs can only be made (and CloudFront only accepts them) in this region. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

export interface WafProps {
  /**
   * Requests one IP may make in any 5 minutes before it is blocked (WAF allows 10 to 2,000,000,000).
   * A page view costs a few requests (HTML, a lazy chunk or two, API reads, audio), so 2000 leaves
   * room for classrooms and offices behind one NAT address.
   * @default 2000
   */
  readonly ratePer5Minutes?: number;
}

/** AWS managed rule groups, in evaluation order after the rate rule. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

/**
 * Rules of the common rule set that only count. SizeRestrictions_BODY blocks bodies over 8 KB, but
 * the API takes JSON bodies up to 256 KB (MAX_BODY_BYTES in functions/lib/http.ts) and an admin's
 * blog post alone may be 100,000 characters; the handlers bound body sizes themselves.
 */
export const COUNT_ONLY_RULES = ['SizeRestrictions_BODY'] as const;

type Statement = CfnWebACL.StatementProperty;
/** The text transformations used here (WAF has more). */
type Transform = 'NONE' | 'URL_DECODE' | 'NORMALIZE_PATH' | 'LOWERCASE';

/** Text transformations, in order (URL_DECODE, then NORMALIZE_PATH: `/api//support`, `/static/../api/x`, `/%61pi`). */
const transforms = (...types: Transform[]): CfnWebACL.TextTransformationProperty[] => types.map((type, priority) => ({ priority, type }));
const not = (statement: Statement): Statement => ({ notStatement: { statement } });
const and = (...statements: Statement[]): Statement => (statements.length === 1 ? statements[0] : { andStatement: { statements } });
const or = (...statements: Statement[]): Statement => (statements.length === 1 ? statements[0] : { orStatement: { statements } });
const uriPath = (positionalConstraint: 'STARTS_WITH' | 'EXACTLY', searchString: string, ...types: Transform[]): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: transforms(...(types.length ? types : (['NONE'] as const))),
  },
});

/** The methods that carry a body the API stores. */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/**
 * The API's writes that are public (no JWT authorizer: the support form, analytics beacons): they are
 * always inspected, Authorization header or not. From the route table, cut at the first path parameter.
 */
const publicWrites = [...new Set(routes.filter((r) => r.access === 'public' && r.method !== 'GET').map((r) => r.path.split('{')[0]))];
/** The public write routes' paths up to their first parameter, less those another one starts (matched by prefix). */
export const PUBLIC_WRITE_PATHS = publicWrites.filter((p) => !publicWrites.some((q) => q !== p && p.startsWith(q)));

/**
 * The requests the managed rule groups do NOT inspect: a write method, to /api/, with an Authorization
 * header, and not to a public write route. These are the admins' (and signed-in learners') writes:
 * every one of these routes has API Gateway's Cognito JWT authorizer (functions/routes.ts, access not
 * 'public'; constructs/api.ts).
 *
 * What an attacker can do with it: WAF cannot check a token, any header value passes here, so a
 * forged `Authorization` skips the body rules (and the groups' header and URI rules) for that request.
 * That is acceptable only because API Gateway's JWT authorizer then refuses the request (401) before
 * any handler runs: without a token signed by our user pool the body reaches no code at all (a path
 * with no route is API Gateway's 404). With a real token the caller is a user of our pool: the router
 * refuses a non-admin on admin routes (403), learners reach only their own /api/me items, and every
 * body is checked against its route's zod schema and stored as data, never run. So the exemption must
 * never cover a route without the authorizer: the public writes are excluded by path after URL-decoding,
 * path normalisation and lower-casing (`/api//support`, `/api/%73upport`, `/API/Support` are still
 * inspected); the /api/ prefix is matched as sent, so a disguised path is inspected (only ever more
 * inspection). The pages' own form (POST /support to the render function) is not under /api/: always inspected.
 */
export const ADMIN_WRITE_EXEMPTION: Statement = and(
  { regexMatchStatement: { fieldToMatch: { method: {} }, regexString: `^(${WRITE_METHODS.join('|')})$`, textTransformations: transforms('NONE') } },
  uriPath('STARTS_WITH', '/api/'),
  {
    sizeConstraintStatement: {
      fieldToMatch: { singleHeader: { Name: 'authorization' } },
      comparisonOperator: 'GT',
      size: 0,
      textTransformations: transforms('NONE'),
    },
  },
  not(or(...PUBLIC_WRITE_PATHS.map((p) => uriPath('STARTS_WITH', p.toLowerCase(), 'URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE')))),
);

/** The media, served from the data buckets under /media/ (constructs/site.ts's /media/{content,assets}/* behaviours). */
export const MEDIA_PATTERN = '/media/*';

/** A CloudFront path pattern as a WAF match: `/x/*` a prefix, a plain path exactly; the path URL-decoded and normalised first. */
function pathPattern(pattern: string): Statement {
  const wildcard = pattern.indexOf('*');
  if (wildcard === -1) return uriPath('EXACTLY', pattern, 'URL_DECODE', 'NORMALIZE_PATH');
  if (wildcard === pattern.length - 1 && pattern.endsWith('/*')) return uriPath('STARTS_WITH', pattern.slice(0, -1), 'URL_DECODE', 'NORMALIZE_PATH');
  throw new Error(`Waf: cannot express the path pattern ${pattern} as a WAF match (only /prefix/* and plain paths)`);
}

/**
 * What the rate rule counts: everything but the build's static files (STATIC_PATTERNS of
 * infra/cdk/cdn-rules.ts) and the media, i.e. pages (the render function) and /api/*. The path is
 * decoded and normalised before the match, so `/static/../api/x` is counted as the API call it is.
 */
export const RATE_COUNTED: Statement = not(or(...[...STATIC_PATTERNS, MEDIA_PATTERN].map(pathPattern)));

export class Waf extends Construct {
  readonly webAcl: CfnWebACL;
  /** For the distribution's `webAclId` (CloudFront takes the ARN of a WAFv2 ACL). */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WafProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    // CLOUDFRONT-scope ACLs exist only in us-east-1; elsewhere the deploy would fail late and obscurely.
    // A setting to fix (the stack's region or -c waf), so a ContextError: app.ts prints it without a stack trace.
    if (!Token.isUnresolved(stack.region) && stack.region !== CLOUDFRONT_WAF_REGION) {
      throw new ContextError(
        `Waf: a CloudFront web ACL must be created in ${CLOUDFRONT_WAF_REGION}, but stack ${stack.stackName} is in ${stack.region}. Deploy the stack to ${CLOUDFRONT_WAF_REGION} or turn the WAF off.`,
      );
    }
    const limit = props.ratePer5Minutes ?? 2000;
    if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000) {
      throw new Error(`Waf: ratePer5Minutes must be an integer from 10 to 2,000,000,000, got ${limit}`);
    }

    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${stack.stackName}-${name}`,
      sampledRequestsEnabled: true,
    });

    const managed = MANAGED_RULE_GROUPS.map((name, i): CfnWebACL.RuleProperty => ({
      name,
      priority: i + 1,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides:
            name === 'AWSManagedRulesCommonRuleSet' ? COUNT_ONLY_RULES.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
          // Every request but the authenticated API writes (see ADMIN_WRITE_EXEMPTION for why that is safe).
          scopeDownStatement: not(ADMIN_WRITE_EXEMPTION),
        },
      },
      visibilityConfig: visibility(name),
    }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: `${stack.stackName}: per-IP rate limit and AWS managed rules in front of CloudFront`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          // 429 rather than WAF's default 403: clients (and the SPA) can tell "slow down" from "forbidden".
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement: RATE_COUNTED } },
          visibilityConfig: visibility('rate-per-ip'),
        },
        ...managed,
      ],
    });
    this.webAclArn = this.webAcl.attrArn;
  }
}
