import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { config } from '../../functions/lib/config.js';
import { invalidate, lookup } from '../../functions/lib/cdn.js';
import { logger } from '../../functions/lib/powertools.js';

// A CloudFront fault cannot be produced locally (the twin's stand-in always succeeds): the client is mocked.
const cloudFront = mockClient(CloudFrontClient);
const DISTRIBUTION = 'E2EXAMPLE1234';

describe('invalidate', () => {
  let previous: string | undefined;
  beforeEach(() => {
    previous = config.cdn.distributionId;
    config.cdn.distributionId = DISTRIBUTION;
    cloudFront.reset();
    cloudFront
      .on(CreateInvalidationCommand)
      .resolves({ Invalidation: { Id: 'I1', Status: 'InProgress', CreateTime: new Date(), InvalidationBatch: undefined } });
  });
  afterEach(() => {
    config.cdn.distributionId = previous;
    vi.restoreAllMocks();
  });

  it('sends one CreateInvalidation per call, with the paths deduplicated and the distribution id', async () => {
    await invalidate(['/es', '/es/a1', '/es', '/api/pages/language/es', '/es/a1']);
    const calls = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0].args[0].input;
    expect(input.DistributionId).toBe(DISTRIBUTION);
    expect(input.InvalidationBatch?.Paths).toEqual({ Quantity: 3, Items: ['/es', '/es/a1', '/api/pages/language/es'] });
    expect(input.InvalidationBatch?.CallerReference).toBeTruthy();
  });

  it('uses a new CallerReference for every call (CloudFront would treat a repeated one as the same request)', async () => {
    await invalidate(['/es']);
    await invalidate(['/es']);
    const refs = cloudFront.commandCalls(CreateInvalidationCommand).map((c) => c.args[0].input.InvalidationBatch?.CallerReference);
    expect(refs).toHaveLength(2);
    expect(refs[0]).not.toBe(refs[1]);
  });

  it('does nothing without a distribution (unit tests, scripts) or without paths', async () => {
    await invalidate([]);
    config.cdn.distributionId = undefined;
    await invalidate(['/es']);
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
  });

  it('swallows a CloudFront error and logs it (Powertools Logger: one JSON line): the write already happened', async () => {
    const fault = Object.assign(new Error('Your request contains too many invalidations.'), { name: 'TooManyInvalidationsInProgress' });
    cloudFront.on(CreateInvalidationCommand).rejects(fault);
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await expect(invalidate(['/es', '/es/*'])).resolves.toBeUndefined();
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('CDN invalidation failed', { distributionId: DISTRIBUTION, paths: ['/es/*', '/es'], error: fault });
  });
});

describe('lookup', () => {
  let previous: string | undefined;
  beforeEach(() => {
    previous = config.cdn.distributionId;
    config.cdn.distributionId = DISTRIBUTION;
  });
  afterEach(() => {
    config.cdn.distributionId = previous;
    vi.restoreAllMocks();
  });

  it('answers the read, or undefined (logged) when it fails, so the write still answers', async () => {
    expect(await lookup('lessons', () => Promise.resolve(['hello']))).toEqual(['hello']);
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    expect(await lookup('lessons', () => Promise.reject(new Error('throttled')))).toBeUndefined();
    expect(log).toHaveBeenCalledWith('CDN path lookup failed', expect.objectContaining({ what: 'lessons' }));
  });

  it('reads nothing without a distribution', async () => {
    config.cdn.distributionId = undefined;
    const read = vi.fn(() => Promise.resolve(['hello']));
    expect(await lookup('lessons', read)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
  });
});
