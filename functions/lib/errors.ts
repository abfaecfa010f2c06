/**
 * Domain errors: what went wrong, in the product's words, without HTTP. The data layer and the
 * handlers throw these; functions/lib/http.ts maps each kind to its status in ONE place
 * (STATUS_OF). Anything else thrown is a defect and becomes a logged 500.
 */
export type ErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'unsupported' | 'too-many' | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Per-field texts for a form (`{ id: 'A level with the ID "a1" already exists' }`). */
    readonly fields?: Record<string, string>,
    /** For 'too-many': seconds until the client may try again. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const STALE_TEXT = 'This item was changed by someone else. Reload and try again.';
export const TOO_MANY_TEXT = 'Too many requests. Please try again later.';

/** `field` names the form field the message belongs to (it is then also the field's error). */
const withField = (message: string, field?: string) => (field ? { [field]: message } : undefined);

export const invalid = (message: string, field?: string) => new DomainError('invalid', message, withField(message, field));
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message = STALE_TEXT, field?: string) => new DomainError('conflict', message, withField(message, field));
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const tooMany = (retryAfter: number) => new DomainError('too-many', TOO_MANY_TEXT, undefined, retryAfter);
/** A service we depend on failed in a way the client cannot fix (text-to-speech, mail). */
export const upstream = (message: string) => new DomainError('upstream', message);

/** The name of anything thrown (AWS SDK errors are told apart by it); a thrown value need not be an Error. */
export const errorName = (e: unknown): unknown => (e as { name?: unknown } | null | undefined)?.name;
