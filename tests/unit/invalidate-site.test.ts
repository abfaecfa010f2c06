/**
 * The deploy's invalidation (functions/jobs/invalidate-site.ts): it answers CloudFormation SUCCESS
 * whatever CloudFront does, after retries with one CallerReference, and counts a final failure.
 * CloudFront's refusals cannot be produced locally: its client is mocked. CloudFormation's response
 * URL is a real local server.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { config } from '../../functions/lib/config.js';
import { handler, type CustomResourceEvent } from '../../functions/jobs/invalidate-site.js';
import { logger, metrics } from '../../functions/lib/powertools.js';

const cloudFront = mockClient(CloudFrontClient);
const answers: { method?: string; contentType?: string; body: Record<string, unknown> }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    answers.push({ method: req.method, contentType: req.headers['content-type'], body: JSON.parse(body) as Record<string, unknown> });
    res.end();
  });
});
let responseUrl: string;

const event = (RequestType: CustomResourceEvent['RequestType'], PhysicalResourceId?: string): CustomResourceEvent => ({
  RequestType,
  ResponseURL: responseUrl,
  StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/ParrotPhrases-prod/1',
  RequestId: 'req-1',
  LogicalResourceId: 'SiteInvalidation',
  PhysicalResourceId,
  ResourceProperties: { BuildId: 'abc' },
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/response?signed=1`;
});
afterAll(() => server.close());

describe("the deploy's invalidation", () => {
  let previous: string | undefined;
  beforeEach(() => {
    previous = config.cdn.distributionId;
    config.cdn.distributionId = 'E2EXAMPLE';
    cloudFront.reset();
    answers.length = 0;
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    config.cdn.distributionId = previous;
    vi.restoreAllMocks();
  });

  it('invalidates /* on Create and Update and answers SUCCESS, keeping its physical id', async () => {
    cloudFront.on(CreateInvalidationCommand).resolves({});
    await handler(event('Create'), []);
    await handler(event('Update', 'SiteInvalidation-first'), []);
    const calls = cloudFront.commandCalls(CreateInvalidationCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => [c.DistributionId, c.InvalidationBatch?.Paths])).toEqual([
      ['E2EXAMPLE', { Quantity: 1, Items: ['/*'] }],
      ['E2EXAMPLE', { Quantity: 1, Items: ['/*'] }],
    ]);
    expect(answers.map((a) => [a.method, a.body.Status, a.body.RequestId, a.body.LogicalResourceId])).toEqual([
      ['PUT', 'SUCCESS', 'req-1', 'SiteInvalidation'],
      ['PUT', 'SUCCESS', 'req-1', 'SiteInvalidation'],
    ]);
    expect(answers[1].body.PhysicalResourceId).toBe('SiteInvalidation-first');
    // The presigned URL signs no content type: none is sent.
    expect(answers[0].contentType ?? '').toBe('');
  });

  it('retries a refused invalidation with the same CallerReference, then counts the failure and still answers SUCCESS', async () => {
    const counted = vi.spyOn(metrics, 'addMetric');
    const published = vi.spyOn(metrics, 'publishStoredMetrics');
    cloudFront.on(CreateInvalidationCommand).rejects(Object.assign(new Error('Too many'), { name: 'TooManyInvalidationsInProgress' }));
    await handler(event('Update', 'SiteInvalidation-first'), [1, 1, 1]);
    const refs = cloudFront.commandCalls(CreateInvalidationCommand).map((c) => c.args[0].input.InvalidationBatch?.CallerReference);
    expect(refs).toHaveLength(4);
    expect(new Set(refs).size).toBe(1);
    expect(counted).toHaveBeenCalledWith('InvalidationFailures', 'Count', 1);
    expect(published).toHaveBeenCalled();
    expect(answers.map((a) => a.body.Status)).toEqual(['SUCCESS']);
  });

  it('does nothing on Delete but answer SUCCESS', async () => {
    await handler(event('Delete', 'SiteInvalidation-first'), []);
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toEqual([]);
    expect(answers.map((a) => [a.body.Status, a.body.PhysicalResourceId])).toEqual([['SUCCESS', 'SiteInvalidation-first']]);
  });
});
