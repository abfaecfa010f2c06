/**
 * A scheduled release's one-time EventBridge Scheduler schedule: `at(...)` in UTC, invoking the
 * release function (functions/jobs/publish-release.ts) with the release's id, deleted by the
 * service once it has run. Without a schedule group (the twin) nothing is called: the twin runs
 * the same function on its own timer (infra/twin/releases.ts).
 */
import { scheduler } from './clients.js';
import { config } from './config.js';

/** The schedule of release `id` (names are unique within the stage's group). */
export const scheduleName = (id: string) => `release-${id}`;
/** Scheduler's at() takes yyyy-mm-ddThh:mm:ss, here in UTC. */
export const atExpression = (iso: string) => `at(${iso.slice(0, 19)})`;

function target(id: string) {
  const { targetArn, roleArn } = config.releases;
  if (!targetArn || !roleArn) throw new Error('RELEASE_TARGET_ARN and RELEASE_ROLE_ARN must be set with RELEASE_SCHEDULE_GROUP');
  return { Arn: targetArn, RoleArn: roleArn, Input: JSON.stringify({ release_id: id }), RetryPolicy: { MaximumRetryAttempts: 3 } };
}

/** Creates or moves the schedule of release `id` to `publishAt`. */
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
  await (await scheduler()).send(exists ? new sdk.UpdateScheduleCommand(input) : new sdk.CreateScheduleCommand(input));
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
