/**
 * CloudFront's origin secret (docs/security.md "Origin secret"). CloudFront adds ORIGIN_VERIFY_HEADER
 * to every /api/* request it sends to the HTTP API, with a random value kept in Secrets Manager
 * (infra/cdk/constructs/origin-secret.ts); the router (./http.ts) refuses a request that does not carry
 * a known value, so the raw execute-api URL cannot be used to go around CloudFront, its WAF and the
 * per-client limits. The functions know only the secret's ARN (config.originSecretArn), never the value.
 *
 * The value rotates (functions/jobs/rotate-origin-secret.ts). While CloudFront's edges take up the
 * new header, requests carry the old or the new value, so the versions staged AWSCURRENT, AWSPENDING
 * and AWSPREVIOUS are all accepted. They are read once per CACHE_MS; a request whose value none of
 * them has makes them read again at once (a rotation that finished after they were read), but at
 * most once per REFRESH_INTERVAL_MS, so a flood of forged values never becomes a flood of Secrets
 * Manager calls.
 */
import { timingSafeEqual } from 'node:crypto';
import { secretsManager } from './clients.js';
import { config } from './config.js';
import { errorName } from './errors.js';
import { logger } from './powertools.js';

/** The header CloudFront's /api/* origin adds (infra/cdk/constructs/site.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The length of every value, the first (infra/cdk/constructs/origin-secret.ts) and the rotated ones:
 * letters and digits only, so it is safe in a header, and equal lengths keep the comparison constant-time.
 */
export const ORIGIN_SECRET_LENGTH = 64;

/** The versions a request may carry: the value in use, the one a rotation is putting in place, the one it replaced. */
export const ACCEPTED_STAGES = ['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'] as const;
/** How long the values read are used before they are read again. */
export const CACHE_MS = 5 * 60_000;
/** The least time between two reads of the secret by one instance, whatever the requests carry. */
export const REFRESH_INTERVAL_MS = 30_000;

/** Whether a request's ORIGIN_VERIFY_HEADER value is one of the accepted versions. */
export type OriginVerifier = (presented: string | undefined) => Promise<boolean>;

export interface OriginVerifierOptions {
  /** The secret's ARN (or name). */
  readonly secretId: string;
  /** @default Date.now */
  readonly now?: () => number;
}

/** One verifier per secret: it keeps the values it read (one per Lambda instance). */
export function originVerifier({ secretId, now = Date.now }: OriginVerifierOptions): OriginVerifier {
  let values: Buffer[] | undefined;
  let readAt = -Infinity;
  let triedAt = -Infinity;
  let reading: Promise<void> | undefined;

  const refresh = () =>
    (reading ??= (async () => {
      triedAt = now();
      try {
        values = await readAcceptedValues(secretId);
        readAt = triedAt;
      } finally {
        reading = undefined;
      }
    })());
  const mayRead = () => now() - triedAt >= REFRESH_INTERVAL_MS;

  return async (presented) => {
    // A request without the header cannot be from CloudFront: no reason to read anything.
    if (!presented) return false;
    const given = Buffer.from(presented);
    if (!values) {
      // Nothing to compare with yet: a failed read fails the request (5xx), it does not refuse it.
      await refresh();
    } else if (now() - readAt >= CACHE_MS && mayRead()) {
      // Expired: read again. If Secrets Manager fails, the values read before are still good for the
      // overlap a rotation leaves; the next try waits REFRESH_INTERVAL_MS.
      await refresh().catch((error: unknown) => logger.warn('origin secret: could not read it again, keeping the values read before', { error }));
    }
    if (matches(values ?? [], given)) return true;
    // A value rotated in after the read (or a forgery): read again, at most once per interval.
    if (!mayRead()) return false;
    await refresh();
    return matches(values ?? [], given);
  };
}

/**
 * Compares with every accepted value, in constant time for values of the same length (all of them
 * are: the rotation writes values as long as the first). No early exit: the time does not say which
 * one matched.
 */
function matches(accepted: readonly Buffer[], given: Buffer): boolean {
  let found = false;
  for (const value of accepted) found = (value.length === given.length && timingSafeEqual(value, given)) || found;
  return found;
}

/** The values of the accepted stages that exist (AWSPENDING and AWSPREVIOUS may not). */
async function readAcceptedValues(secretId: string): Promise<Buffer[]> {
  const { GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = await secretsManager();
  const read = async (VersionStage: (typeof ACCEPTED_STAGES)[number]) => {
    try {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage }));
      return SecretString ? [Buffer.from(SecretString)] : [];
    } catch (error) {
      // No version has this stage (no rotation in progress, or none finished yet). AWSCURRENT always exists.
      if (VersionStage !== 'AWSCURRENT' && errorName(error) === 'ResourceNotFoundException') return [];
      throw error;
    }
  };
  return (await Promise.all(ACCEPTED_STAGES.map(read))).flat();
}

const verifiers = new Map<string, OriginVerifier>();

/**
 * Whether a request came through CloudFront: its ORIGIN_VERIFY_HEADER value is a version of the
 * origin secret. Without a secret configured (the twin, scripts, tests) there is no check.
 */
export async function verifyOrigin(presented: string | undefined, secretId = config.originSecretArn): Promise<boolean> {
  if (!secretId) return true;
  let verifier = verifiers.get(secretId);
  if (!verifier) verifiers.set(secretId, (verifier = originVerifier({ secretId })));
  return verifier(presented);
}
