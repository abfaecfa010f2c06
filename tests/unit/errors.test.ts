/** Which failures are outages (503, retry later) and which are defects or the client's (functions/lib/errors.ts). */
import { describe, expect, it } from 'vitest';
import { isOutage } from '../../functions/lib/errors.js';

const named = (name: string, status?: number) => Object.assign(new Error(name), { name, ...(status ? { $metadata: { httpStatusCode: status } } : {}) });

describe('isOutage', () => {
  it('is true for a service that is overloaded, failing or unreachable', () => {
    expect(isOutage(named('ProvisionedThroughputExceededException', 400))).toBe(true);
    expect(isOutage(named('ThrottlingException', 400))).toBe(true);
    expect(isOutage(named('InternalServerError', 500))).toBe(true);
    expect(isOutage(named('UnknownError', 503))).toBe(true);
    expect(isOutage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3301'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isOutage(new Error('socket hang up', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toBe(true);
  });

  it('is false for a defect, a lost race or a request AWS refused', () => {
    expect(isOutage(new TypeError('x is undefined'))).toBe(false);
    expect(isOutage(named('ConditionalCheckFailedException', 400))).toBe(false);
    expect(isOutage(named('ValidationException', 400))).toBe(false);
    expect(isOutage(named('AccessDeniedException', 400))).toBe(false);
    expect(isOutage(undefined)).toBe(false);
    expect(isOutage('a string')).toBe(false);
  });
});
