/**
 * A scheduled release's one-time EventBridge Scheduler schedule: `at(...)` in UTC, invoking the
 * release function (functions/jobs/publish-release.ts) with the release's id, deleted by the
 * service once it has run. An invocation the scheduler cannot make (after its retries) goes to the
 * stage's dead-letter queue. Without a schedule group (the twin) nothing is called: the twin runs
 * the same function on its own timer (infra/twin/releases.ts).
 */
import { scheduler } from './clients.js';
import { config } from './config.js';

/** The schedule of release `id` (names are unique within the stage's group). */
export const scheduleName = (id: string) => `release-${id}`;
/** Scheduler's at() takes yyyy-mm-ddThh:mm:ss, here in UTC. */
export const atExpression = (iso: string) => `at(${iso.slice(0, 19)})`;
/**
 * What the sweep schedule (every few minutes, infra/cdk/constructs/releases.ts) sends the release
 * function: run every release that is due and not done. Its name is not `release-*`, so the
 * publishing function's rights on release schedules never reach it.
 */
export const SWEEP_EVENT = { sweep: 'releases' } as const;
export const SWEEP_SCHEDULE_NAME = 'sweep-releases';

function target(id: string) {
  const { targetArn, roleArn, deadLetterArn } = config.releases;
  if (!targetArn || !roleArn || !deadLetterArn)
    throw new Error('RELEASE_TARGET_ARN, RELEASE_ROLE_ARN and RELEASE_DLQ_ARN must be set with RELEASE_SCHEDULE_GROUP');
  return {
    Arn: targetArn,
    RoleArn: roleArn,
    Input: JSON.stringify({ release_id: id }),
    RetryPolicy: { MaximumRetryAttempts: 3 },
    DeadLetterConfig: { Arn: deadLetterArn },
  };
}

/**
 * Creates or moves the schedule of release `id` to `publishAt`. Moving a release whose one-time
 * schedule already ran (and deleted itself: a failed or overdue release) makes it a new one.
 */
export async function schedule(id: string, publishAt: string, exists: boolean): Promise<void> {
  const group = config.releases.scheduleGroup;
  if (!group) return;
  const sdk = await import('@aws-sdk/client-scheduler');
  const input = {
    Name: scheduleName(id),
    GroupName: group,
    ScheduleExpression: atExpression(publishAt),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: target(id),
  };
  const client = await scheduler();
  if (exists) {
    try {
      await client.send(new sdk.UpdateScheduleCommand(input));
      return;
    } catch (e) {
      if ((e as Error).name !== 'ResourceNotFoundException') throw e;
    }
  }
  await client.send(new sdk.CreateScheduleCommand(input));
}

/** Deletes the schedule of release `id` (already gone: nothing to do). */
export async function unschedule(id: string): Promise<void> {
  const group = config.releases.scheduleGroup;
  if (!group) return;
  const sdk = await import('@aws-sdk/client-scheduler');
  try {
    await (await scheduler()).send(new sdk.DeleteScheduleCommand({ Name: scheduleName(id), GroupName: group }));
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
  }
}
