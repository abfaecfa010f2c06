import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { config } from '../../functions/lib/config.js';
import { invalidate } from '../../functions/lib/cdn.js';
import { logger, metrics } from '../../functions/lib/powertools.js';

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

  it('retries a refused invalidation with backoff, as the same request, and stops once CloudFront takes it', async () => {
    const fault = Object.assign(new Error('Your request contains too many invalidations.'), { name: 'TooManyInvalidationsInProgress' });
    cloudFront
      .on(CreateInvalidationCommand)
      .rejectsOnce(fault)
      .rejectsOnce(fault)
      .resolves({ Invalidation: { Id: 'I2', Status: 'InProgress', CreateTime: new Date(), InvalidationBatch: undefined } });
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await invalidate(['/es'], [1, 1, 1]);
    const calls = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(calls).toHaveLength(3);
    // One CallerReference: CloudFront never makes two invalidations of one write.
    expect(new Set(calls.map((c) => c.args[0].input.InvalidationBatch?.CallerReference)).size).toBe(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('gives up after its retries: logs it (one JSON line) and counts InvalidationFailures for the alarm; the write already happened', async () => {
    const fault = Object.assign(new Error('Your request contains too many invalidations.'), { name: 'TooManyInvalidationsInProgress' });
    cloudFront.on(CreateInvalidationCommand).rejects(fault);
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const counted = vi.spyOn(metrics, 'addMetric');
    await expect(invalidate(['/es', '/es/*'], [1, 1, 1])).resolves.toBeUndefined();
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(4);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('CDN invalidation failed', { distributionId: DISTRIBUTION, paths: ['/es/*', '/es'], attempts: 4, error: fault });
    expect(counted).toHaveBeenCalledWith('InvalidationFailures', 'Count', 1);
  });
});
