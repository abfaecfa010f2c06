/**
 * The failures the code counts reach CloudWatch as embedded-metric-format log lines (Powertools), and
 * the alarms of infra/cdk/constructs/monitoring/ watch them by namespace, name and dimensions. The
 * stage must be one of those dimensions, or dev's failures page prod. These tests read the very line
 * Powertools prints, with metrics switched on (the suite's config switches them off).
 */
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METRICS_NAMESPACE, METRICS_SERVICE, STAGE_DIMENSION } from '../../functions/lib/failure-metrics.js';

/** The EMF documents written to stdout while `act` runs. */
async function emfLines(act: () => Promise<unknown>) {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return written
    .flatMap((w) => w.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map(
      (line) =>
        JSON.parse(line) as Record<string, unknown> & {
          _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
        },
    );
}
const named = (docs: Awaited<ReturnType<typeof emfLines>>, metric: string) =>
  docs.find((d) => d._aws.CloudWatchMetrics[0].Metrics.some((m) => m.Name === metric));

describe('counted failures', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('STAGE', 'prod');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('are published with the service and the stage as dimensions', async () => {
    const { countFailure } = await import('../../functions/lib/powertools.js');
    const docs = await emfLines(() => Promise.resolve(countFailure('RenderFailures', true)));
    const doc = named(docs, 'RenderFailures');
    expect(doc, 'an EMF line with RenderFailures').toBeDefined();
    const [directive] = doc!._aws.CloudWatchMetrics;
    expect(directive.Namespace).toBe(METRICS_NAMESPACE);
    expect(directive.Dimensions).toEqual([expect.arrayContaining(['service', STAGE_DIMENSION])]);
    expect(directive.Dimensions[0]).toHaveLength(2);
    expect(doc).toMatchObject({ service: METRICS_SERVICE, [STAGE_DIMENSION]: 'prod', RenderFailures: 1 });
  });

  it('count an API request refused for lacking the origin secret (OriginRefusals), in its stage', async () => {
    vi.stubEnv('ORIGIN_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-AbCdEf');
    const { router } = await import('../../functions/lib/http.js');
    const handler = router({ 'GET /api/languages': () => Promise.resolve({ items: [] }) });
    let status: number | undefined;
    // No x-origin-verify header: refused before any Secrets Manager read.
    const docs = await emfLines(async () => {
      status = (await handler({ routeKey: 'GET /api/languages', headers: {}, requestContext: { http: { method: 'GET' } } } as never, {} as Context)).statusCode;
    });
    expect(status).toBe(403);
    expect(named(docs, 'OriginRefusals')).toMatchObject({ OriginRefusals: 1, [STAGE_DIMENSION]: 'prod', service: METRICS_SERVICE });
  });
});
