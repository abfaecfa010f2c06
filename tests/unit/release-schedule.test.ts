/**
 * A release's one-time EventBridge Scheduler schedule (functions/lib/scheduler.ts). No local server
 * stands in for EventBridge Scheduler (the twin runs releases on its own timer), so its client is
 * mocked: these are the calls and the faults only AWS produces.
 */
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../functions/lib/config.js';
import { schedule, unschedule } from '../../functions/lib/scheduler.js';

const aws = mockClient(SchedulerClient);
const saved = { ...config.releases };
const RELEASES = {
  scheduleGroup: 'ParrotPhrases-prod-releases',
  targetArn: 'arn:aws:lambda:us-east-1:123456789012:function:release',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler',
  deadLetterArn: 'arn:aws:sqs:us-east-1:123456789012:dead-letters',
};
const ID = '01JDZ0000000000000000000AB';
const AT = '2030-01-02T09:30:00.000Z';
const notFound = () => Object.assign(new Error('Schedule release-x does not exist.'), { name: 'ResourceNotFoundException' });

beforeEach(() => {
  aws.reset();
  Object.assign(config.releases, RELEASES);
});
afterAll(() => Object.assign(config.releases, saved));

describe('a release schedule', () => {
  it('invokes the release function at the time in UTC, retried, with the dead-letter queue for what it cannot deliver', async () => {
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await schedule(ID, AT, false);
    const [call] = aws.commandCalls(CreateScheduleCommand);
    expect(call.args[0].input).toMatchObject({
      Name: `release-${ID}`,
      GroupName: RELEASES.scheduleGroup,
      ScheduleExpression: 'at(2030-01-02T09:30:00)',
      ScheduleExpressionTimezone: 'UTC',
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: RELEASES.targetArn,
        RoleArn: RELEASES.roleArn,
        Input: JSON.stringify({ release_id: ID }),
        RetryPolicy: { MaximumRetryAttempts: 3 },
        DeadLetterConfig: { Arn: RELEASES.deadLetterArn },
      },
    });
  });

  it('refuses to make a schedule without its dead-letter queue', async () => {
    config.releases.deadLetterArn = undefined;
    await expect(schedule(ID, AT, false)).rejects.toThrow(/RELEASE_DLQ_ARN/);
    expect(aws.calls()).toHaveLength(0);
  });

  it('moves an existing schedule with UpdateSchedule', async () => {
    aws.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await schedule(ID, AT, true);
    expect(aws.commandCalls(UpdateScheduleCommand)).toHaveLength(1);
    expect(aws.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });

  it("makes the schedule again when 'Change' finds it gone (a one-time schedule deletes itself once it ran)", async () => {
    aws.on(UpdateScheduleCommand).rejects(notFound());
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await schedule(ID, AT, true);
    const [update] = aws.commandCalls(UpdateScheduleCommand);
    const [create] = aws.commandCalls(CreateScheduleCommand);
    expect(create.args[0].input).toEqual(update.args[0].input);
  });

  it('passes on any other refusal of UpdateSchedule (nothing is created over it)', async () => {
    aws.on(UpdateScheduleCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(schedule(ID, AT, true)).rejects.toThrow('Rate exceeded');
    expect(aws.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });

  it('deletes a schedule, and a schedule already gone is no error', async () => {
    aws.on(DeleteScheduleCommand).rejectsOnce(notFound()).resolves({});
    await unschedule(ID);
    await unschedule(ID);
    expect(aws.commandCalls(DeleteScheduleCommand)).toHaveLength(2);
  });

  it('calls nothing without a schedule group (the twin runs releases on its own timer)', async () => {
    config.releases.scheduleGroup = undefined;
    await schedule(ID, AT, true);
    await unschedule(ID);
    expect(aws.calls()).toHaveLength(0);
  });
});
