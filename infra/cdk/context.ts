/**
 * Deployment settings: `cdk.json` "context" or `cdk synth|deploy -c key=value`. Values given with
 * `-c` always arrive as strings, so booleans and numbers are coerced here; zod then checks every
 * key, and a bad value stops the synth with a message naming the key.
 */
import type { Construct } from 'constructs';
import * as z from 'zod';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../shared/product.js';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface ParrotContext {
  /** `prod` keeps data (RETAIN, deletion protection); `dev` may be destroyed with everything in it. */
  stage: Stage;
  productName: string;
  supportFromEmail: string;
  supportToEmail: string;
  /** Where alarm notifications go (SNS e-mail subscription). */
  alarmEmail?: string;
  monthlyBudgetUsd: number;
  /**
   * The account's Lambda concurrent executions quota in the stack's region (Service Quotas, "Concurrent
   * executions"): the render function's concurrency alarm fires at 80% of it. Lambda's default is 1000;
   * new accounts often start at 10, and then this must say so.
   */
  concurrencyQuota: number;
  /** A WAF web ACL in front of CloudFront; on by default in prod. */
  waf: boolean;
  /** Custom domain, with the Route 53 hosted zone that serves it: certificate and alias records are made by the stack. */
  domainName?: string;
  hostedZoneId?: string;
  /** An existing WAFv2 web ACL (CLOUDFRONT scope) to attach instead of making one. */
  webAclArn?: string;
  /** Learners may register themselves (the companion app's sign-up); the web's /auth stays administrators-only. */
  learnerSignUp: boolean;
  /**
   * TOTP MFA (an authenticator app; the SPA sets it up at the first sign-in). Default: required in
   * prod (optional there when learners sign up, since Cognito requires it of every user or none),
   * optional in dev.
   */
  mfa: 'required' | 'optional';
  /**
   * Who makes the support mail's SES identities. They are account-wide in a region, so exactly one
   * stage of an account and region may create them (`create`); the others send with them
   * (`existing`: IAM grants by ARN, nothing created). Default: `create` in prod, `existing` in dev.
   */
  sesIdentities: SesIdentities;
  /**
   * The review reminders' VAPID public key (what `npm run vapid-keys` prints; its private half is in
   * the stage's secret). Unset: the site does not offer reminders.
   */
  vapidPublicKey?: string;
  /** Offline synth and tests only: tolerate placeholder e-mail addresses and a missing SPA build. */
  allowPlaceholders: boolean;
}

/** Lambda's default concurrent executions quota per account and region. */
export const DEFAULT_CONCURRENCY_QUOTA = 1000;

export const SES_IDENTITIES = ['create', 'existing'] as const;
export type SesIdentities = (typeof SES_IDENTITIES)[number];

/** The defaults of cdk.json: reserved names (RFC 2606) that SES can never verify. */
export const PLACEHOLDER_FROM = 'no-reply@parrotphrases.example';
export const PLACEHOLDER_TO = SUPPORT_EMAIL;

// cdk.json keeps unset keys as "" so that they are discoverable; blank means "not set".
const blank = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);
const bool = (v: unknown) => {
  const t = blank(v);
  return t === 'true' ? true : t === 'false' ? false : t;
};
const lower = (v: unknown) => {
  const t = blank(v);
  return typeof t === 'string' ? t.toLowerCase() : t;
};
const num = (v: unknown) => {
  const t = blank(v);
  return typeof t === 'string' && /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
};
const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const schema = z.object({
  stage: z.preprocess(blank, z.enum(STAGES).default('dev')),
  productName: z.preprocess(blank, z.string().max(80).default(PRODUCT_NAME)),
  supportFromEmail: z.preprocess(blank, z.email().default(PLACEHOLDER_FROM)),
  supportToEmail: z.preprocess(blank, z.email().default(PLACEHOLDER_TO)),
  alarmEmail: z.preprocess(blank, z.email().optional()),
  monthlyBudgetUsd: z.preprocess(num, z.number().positive().default(50)),
  concurrencyQuota: z.preprocess(num, z.number().int().positive().default(DEFAULT_CONCURRENCY_QUOTA)),
  waf: z.preprocess(bool, z.boolean().optional()),
  domainName: z.preprocess(lower, z.string().regex(hostname, { error: 'expected a host name such as phrases.example.org' }).optional()),
  hostedZoneId: z.preprocess(
    blank,
    z
      .string()
      .regex(/^Z[A-Z0-9]{1,31}$/, { error: 'expected a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ' })
      .optional(),
  ),
  webAclArn: z.preprocess(
    blank,
    z
      .string()
      .regex(/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+/, {
        error: 'expected the ARN of a WAFv2 web ACL with CLOUDFRONT scope (arn:aws:wafv2:us-east-1:...:global/webacl/...)',
      })
      .optional(),
  ),
  // Replaced by domainName + hostedZoneId: refused rather than silently ignored.
  certificateArn: z.preprocess(
    blank,
    z.undefined({
      error: 'is no longer read: set domainName + hostedZoneId and the stack makes and validates the certificate',
    }),
  ),
  learnerSignUp: z.preprocess(bool, z.boolean().default(false)),
  mfa: z.preprocess(blank, z.enum(['required', 'optional']).optional()),
  sesIdentities: z.preprocess(lower, z.enum(SES_IDENTITIES).optional()),
  allowPlaceholders: z.preprocess(bool, z.boolean().default(false)),
  // An uncompressed P-256 point, base64url: 65 bytes are 87 characters.
  vapidPublicKey: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'expected the public key npm run vapid-keys prints (87 base64url characters)' })
      .optional(),
  ),
});

/** The stage alone (dev unless set), for constructs that need nothing else of the context (every function's STAGE). */
export function stageOf(scope: Construct): Stage {
  const parsed = schema.shape.stage.safeParse(scope.node.tryGetContext('stage'));
  if (!parsed.success) throw new ContextError(`Invalid CDK context: stage must be one of ${STAGES.join(', ')}`);
  return parsed.data;
}

/** A deployment setting is wrong or missing: app.ts prints the message alone, without a stack trace. */
export class ContextError extends Error {
  override name = 'ContextError';
}

export function readContext(scope: Construct): ParrotContext {
  const keys = Object.keys(schema.shape) as (keyof typeof schema.shape)[];
  const raw = Object.fromEntries(keys.map((k) => [k, scope.node.tryGetContext(k)]));
  const parsed = schema.safeParse(raw);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ key: String(i.path[0]), message: i.message }));
  // Checked on the raw values, so that it is reported together with every other mistake.
  const set = (key: string) => blank(raw[key]) !== undefined;
  if (set('domainName') && !set('hostedZoneId')) {
    issues.push({ key: 'hostedZoneId', message: 'is required with domainName (the Route 53 zone for the certificate and alias records)' });
  }
  if (set('hostedZoneId') && !set('domainName')) issues.push({ key: 'domainName', message: 'is required with hostedZoneId' });
  if (!parsed.success || issues.length) {
    const lines = issues.map(({ key, message }) => {
      const given = raw[key] === undefined ? '' : ` (got ${JSON.stringify(raw[key])})`;
      return `  - ${key}: ${message}${given}`;
    });
    throw new ContextError(`Invalid CDK context (cdk.json "context" or -c key=value):\n${lines.join('\n')}`);
  }
  const { certificateArn: _dropped, waf, mfa, sesIdentities, ...c } = parsed.data;
  return {
    ...c,
    waf: waf ?? c.stage === 'prod',
    mfa: mfa ?? (c.stage === 'prod' && !c.learnerSignUp ? 'required' : 'optional'),
    // prod outlives dev (RETAIN), so it owns what both use: deleting dev never un-verifies prod's sender.
    sesIdentities: sesIdentities ?? (c.stage === 'prod' ? 'create' : 'existing'),
  };
}

/** Addresses on reserved names (RFC 2606/6761): SES can never verify them, so mail would never arrive. */
export function isPlaceholderEmail(address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return /(^|\.)(example|test|invalid|localhost)$/.test(domain) || /(^|\.)example\.(com|net|org)$/.test(domain);
}

/** One line per mail address that is still a placeholder. */
export function placeholderEmails(ctx: ParrotContext): string[] {
  const addresses = { supportFromEmail: ctx.supportFromEmail, supportToEmail: ctx.supportToEmail, alarmEmail: ctx.alarmEmail };
  return Object.entries(addresses)
    .filter(([, address]) => address && isPlaceholderEmail(address))
    .map(([key, address]) => `${key} is still a placeholder (${address}): set a real address with -c ${key}=... or in cdk.json`);
}
