/**
 * Scheduled releases in the synthesized template (infra/cdk/constructs/releases.ts): one schedule group
 * per stage; only the publishing function may manage its release schedules and pass them the
 * scheduler's role; that role may only be taken by EventBridge Scheduler and only invokes the
 * release function, which publishes with the publishing function's table access (no preview links).
 */
import type { CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { realMail, removeTempDirs, resourcesOf, SYNTH_TIMEOUT, synthStage, type TemplateJson } from './synth.js';

afterAll(removeTempDirs);

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
type Props = Record<string, any>;

describe('scheduled releases', () => {
  let stack: ParrotPhrasesStack;
  let template: TemplateJson;
  const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const grants = () =>
    resourcesOf(template, 'AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.Roles as { Ref: string }[]).flatMap((role) =>
        (p.Properties.PolicyDocument.Statement as Statement[])
          .filter((s) => s.Effect === 'Allow')
          .map((s) => ({ role: role.Ref, actions: [s.Action].flat(), resources: [s.Resource].flat(), condition: s.Condition })),
      ),
    );
  const rolesAllowed = (action: string) => new Set(grants().flatMap((g) => (g.actions.includes(action) ? [g.role] : [])));

  beforeAll(() => {
    ({ stack, template } = synthStage({ stage: 'prod', ...realMail }));
  }, SYNTH_TIMEOUT);

  it("gives the publishing function the stage's group, the release function and the scheduler's role", () => {
    const [[, group], ...others] = resourcesOf(template, 'AWS::Scheduler::ScheduleGroup');
    expect(others).toEqual([]);
    expect(group.Properties.Name).toBe(`${stack.stackName}-releases`);
    const publishing = stack.api.functions.get('publishing')!;
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(publishing))!;
    expect(fn.Properties.Environment.Variables).toMatchObject({
      RELEASE_SCHEDULE_GROUP: `${stack.stackName}-releases`,
      RELEASE_TARGET_ARN: { 'Fn::GetAtt': [logicalId(stack.releases.function), 'Arn'] },
      RELEASE_ROLE_ARN: { 'Fn::GetAtt': [logicalId(stack.releases.schedulerRole), 'Arn'] },
    });
  });

  it('lets only the publishing function manage release schedules of its group, and pass only the scheduler role to the scheduler', () => {
    const publishingRole = logicalId(stack.api.functions.get('publishing')!.role!);
    for (const action of ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'iam:PassRole'])
      expect([...rolesAllowed(action)], action).toEqual([publishingRole]);
    const schedules = grants().find((g) => g.actions.includes('scheduler:CreateSchedule'))!;
    expect(JSON.stringify(schedules.resources)).toContain(`:schedule/${stack.stackName}-releases/release-*`);
    const pass = grants().find((g) => g.actions.includes('iam:PassRole'))!;
    expect(pass.resources).toEqual([{ 'Fn::GetAtt': [logicalId(stack.releases.schedulerRole), 'Arn'] }]);
    expect(pass.condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it("lets only EventBridge Scheduler of this account take the scheduler's role, which may only invoke the release function and send to the dead-letter queue", () => {
    const [, role] = resourcesOf(template, 'AWS::IAM::Role').find(([id]) => id === logicalId(stack.releases.schedulerRole))!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
    ]);
    const own = grants().filter((g) => g.role === logicalId(stack.releases.schedulerRole));
    expect(own.flatMap((g) => g.actions)).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    expect(JSON.stringify(own.flatMap((g) => g.resources))).toContain(logicalId(stack.releases.function));
  });

  const queueArn = () => ({ 'Fn::GetAtt': [logicalId(stack.deadLetters.queue), 'Arn'] });
  const alarmNamed = (suffix: string) =>
    resourcesOf(template, 'AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties as Props)
      .find((a) => a.AlarmName === `${stack.stackName}-${suffix}`);

  it('keeps every release invocation that fails for good in one encrypted dead-letter queue', () => {
    const [[queueId, queue], ...others] = resourcesOf(template, 'AWS::SQS::Queue');
    expect(others).toEqual([]);
    expect(queueId).toBe(logicalId(stack.deadLetters.queue));
    expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    // What the scheduler cannot invoke: each release schedule names the queue (functions/lib/scheduler.ts), sent with its role.
    const publishing = stack.api.functions.get('publishing')!;
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(publishing))!;
    expect(fn.Properties.Environment.Variables.RELEASE_DLQ_ARN).toEqual(queueArn());
    const schedulerGrants = grants().filter((g) => g.role === logicalId(stack.releases.schedulerRole));
    expect(schedulerGrants.find((g) => g.actions.includes('sqs:SendMessage'))).toMatchObject({ actions: ['sqs:SendMessage'], resources: [queueArn()] });
    // What the function still fails after Lambda's two retries: its on-failure destination.
    const [[, invokeConfig]] = resourcesOf(template, 'AWS::Lambda::EventInvokeConfig').filter(
      ([, c]) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify({ Ref: logicalId(stack.releases.function) }),
    );
    expect(invokeConfig.Properties).toMatchObject({ MaximumRetryAttempts: 2, DestinationConfig: { OnFailure: { Destination: queueArn() } } });
    expect(rolesAllowed('sqs:SendMessage')).toContain(logicalId(stack.releases.function.role!));
  });

  it('runs every release due and not done every 5 minutes, from the same group, with the same dead letter', () => {
    const [[, sweep], ...others] = resourcesOf(template, 'AWS::Scheduler::Schedule');
    expect(others).toEqual([]);
    expect(sweep.Properties).toMatchObject({
      Name: 'sweep-releases',
      GroupName: `${stack.stackName}-releases`,
      ScheduleExpression: 'rate(5 minutes)',
      Target: {
        Arn: { 'Fn::GetAtt': [logicalId(stack.releases.function), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [logicalId(stack.releases.schedulerRole), 'Arn'] },
        Input: JSON.stringify({ sweep: 'releases' }),
        DeadLetterConfig: { Arn: queueArn() },
      },
    });
    // Not a release schedule: the publishing function's rights (release-*) never reach it.
    expect(sweep.Properties.Name).not.toMatch(/^release-/);
  });

  it("alarms, naming the stage, on a message in the dead-letter queue and on the scheduler's failed or dropped invocations", () => {
    const depth = alarmNamed('DeadLetters')!;
    expect(depth).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack.deadLetters.queue), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(depth.AlarmName).toContain('prod');
    expect(depth.AlarmDescription).toMatch(/^prod: /);
    const invocations = alarmNamed('ReleaseInvocations')!;
    const metrics = (invocations.Metrics as Props[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric);
    expect(metrics.map((m) => m.MetricName).sort()).toEqual(['InvocationDroppedCount', 'TargetErrorCount']);
    for (const m of metrics)
      expect(m).toMatchObject({ Namespace: 'AWS/Scheduler', Dimensions: [{ Name: 'ScheduleGroup', Value: `${stack.stackName}-releases` }] });
    expect(invocations.Threshold).toBe(1);
    for (const alarm of [depth, invocations]) expect(alarm.AlarmActions).toHaveLength(1);
  });

  it('lets the release function publish and invalidate, but not make preview links', () => {
    const role = logicalId(stack.releases.function.role!);
    const mine = grants().filter((g) => g.role === role);
    const text = JSON.stringify(mine);
    // Whether the item's language has reviewers now: that group of this pool, read only.
    const pool = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
    expect(mine.filter((g) => g.actions.some((a) => a.startsWith('cognito-idp:')))).toEqual([
      expect.objectContaining({ actions: ['cognito-idp:ListUsersInGroup'], resources: [pool] }),
    ]);
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(stack.releases.function))!;
    expect(fn.Properties.Environment.Variables.USER_POOL_ID).toEqual({ Ref: logicalId(stack.auth.userPool) });
    expect(text).toContain('cloudfront:CreateInvalidation');
    expect(text).toContain('RELEASE#*');
    expect(text).not.toContain('PREVIEW#');
    expect(text).not.toContain('dynamodb:Scan');
    // A run records its attempts and failure on its release: UpdateItem of releases, nothing else.
    const updates = mine.filter((g) => g.actions.includes('dynamodb:UpdateItem'));
    expect(updates.map((g) => JSON.stringify(g.condition))).toEqual([JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RELEASE#*'] } })]);
  });
});
