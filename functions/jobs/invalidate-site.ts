/**
 * The deploy's `/*` invalidation (infra/cdk/constructs/site-invalidation.ts, docs/infra.md "The
 * deploy's invalidation"): a CloudFormation custom resource whose properties carry the build id, so
 * it runs whenever a page can change, after the shell is uploaded and every alias has shifted. It
 * answers CloudFormation itself (the response URL) and always answers SUCCESS: a refused or failed
 * invalidation is retried with backoff over minutes, one CallerReference for every attempt, and a
 * final failure is logged and counted (InvalidationFailures, alarmed) instead of failing the
 * deploy, or its rollback (which would end in UPDATE_ROLLBACK_FAILED). Delete does nothing.
 */
import { invalidate } from '../lib/cdn.js';
import { logger, metrics } from '../lib/powertools.js';

/** Waits before each retry (ms): about 8 minutes in all, inside the function's 10-minute timeout. */
export const DEPLOY_INVALIDATION_BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 240_000];
/** The paths: every cached page and public read. */
export const DEPLOY_PATHS = ['/*'];

/** What CloudFormation sends a custom resource (the fields this one reads). */
export interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
  ResourceProperties: { BuildId?: string };
}

/** The answer CloudFormation waits for: a PUT of JSON to the presigned response URL (no content type: it is not signed). */
async function respond(event: CustomResourceEvent, physicalResourceId: string): Promise<void> {
  const body = JSON.stringify({
    Status: 'SUCCESS',
    PhysicalResourceId: physicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: {},
  });
  const res = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body });
  if (!res.ok) throw new Error(`CloudFormation's response URL answered ${res.status}`);
}

export async function handler(event: CustomResourceEvent, backoff = DEPLOY_INVALIDATION_BACKOFF_MS): Promise<void> {
  // One resource for the stack's life: Update keeps its id, so CloudFormation never deletes it on the way.
  const physicalResourceId = event.PhysicalResourceId ?? `${event.LogicalResourceId}-${event.RequestId}`;
  try {
    if (event.RequestType !== 'Delete') {
      await invalidate(DEPLOY_PATHS, backoff);
      logger.info('deploy invalidation ran', { buildId: event.ResourceProperties.BuildId, requestType: event.RequestType });
    }
  } catch (e) {
    // invalidate() never throws; anything else must not keep CloudFormation waiting for an hour.
    logger.error('deploy invalidation: unexpected error', { error: e as Error });
  } finally {
    // A final failure was counted (InvalidationFailures): publish it now, the router is not there to.
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    await respond(event, physicalResourceId);
  }
}
