/**
 * Domain errors: what went wrong, in the product's words, without HTTP. The data layer and the
 * handlers throw these; functions/lib/http.ts maps each kind to its status in ONE place
 * (STATUS_OF). Anything else thrown is a defect and becomes a logged 500.
 */
export type ErrorKind =
  'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'unsupported' | 'too-many' | 'upstream' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Per-field texts for a form (`{ id: 'A level with the ID "a1" already exists' }`). */
    readonly fields?: Record<string, string>,
    /** For 'too-many' and 'unavailable': seconds until the client may try again. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const STALE_TEXT = 'This item was changed by someone else. Reload and try again.';
export const TOO_MANY_TEXT = 'Too many requests. Please try again later.';
export const UNAVAILABLE_TEXT = 'The service is briefly unavailable. Nothing was changed. Please try again in a minute.';
/** Seconds a client is asked to wait (Retry-After) when a service we depend on is down. */
export const OUTAGE_RETRY_AFTER = 30;

/** `field` names the form field the message belongs to (it is then also the field's error). */
const withField = (message: string, field?: string) => (field ? { [field]: message } : undefined);

export const invalid = (message: string, field?: string) => new DomainError('invalid', message, withField(message, field));
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message = STALE_TEXT, field?: string) => new DomainError('conflict', message, withField(message, field));
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const tooMany = (retryAfter: number) => new DomainError('too-many', TOO_MANY_TEXT, undefined, retryAfter);
/** A service we depend on failed in a way the client cannot fix (text-to-speech, mail). */
export const upstream = (message: string) => new DomainError('upstream', message);

/** A service we depend on is down or overloaded (the database, Cognito): nothing was written, the request may be retried. */
export const unavailable = () => new DomainError('unavailable', UNAVAILABLE_TEXT, undefined, OUTAGE_RETRY_AFTER);

/** AWS's names for a service that is overloaded or failing (the request itself was fine). */
const OUTAGE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ThrottlingException',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TimeoutError',
]);
/** Node's codes for a service that cannot be reached at all. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH']);

/**
 * Whether an error thrown by an AWS SDK call means the service is down, overloaded or unreachable
 * (after the SDK's own retries), rather than a defect of ours: such a request answers 503.
 */
export function isOutage(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (typeof err.name === 'string' && OUTAGE_NAMES.has(err.name)) return true;
  if (typeof err.code === 'string' && UNREACHABLE_CODES.has(err.code)) return true;
  if ((err.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return err.cause !== undefined && err.cause !== e && isOutage(err.cause);
}

/** The name of anything thrown (AWS SDK errors are told apart by it); a thrown value need not be an Error. */
export const errorName = (e: unknown): unknown => (e as { name?: unknown } | null | undefined)?.name;
