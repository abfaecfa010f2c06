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

  it("lets only EventBridge Scheduler of this account take the scheduler's role, which may only invoke the release function", () => {
    const [, role] = resourcesOf(template, 'AWS::IAM::Role').find(([id]) => id === logicalId(stack.releases.schedulerRole))!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
    ]);
    const own = grants().filter((g) => g.role === logicalId(stack.releases.schedulerRole));
    expect(own.flatMap((g) => g.actions)).toEqual(['lambda:InvokeFunction']);
    expect(JSON.stringify(own.flatMap((g) => g.resources))).toContain(logicalId(stack.releases.function));
  });

  it('lets the release function publish and invalidate, but not make preview links', () => {
    const role = logicalId(stack.releases.function.role!);
    const mine = grants().filter((g) => g.role === role);
    const text = JSON.stringify(mine);
    expect(text).toContain('cloudfront:CreateInvalidation');
    expect(text).toContain('RELEASE#*');
    expect(text).not.toContain('PREVIEW#');
    expect(text).not.toContain('dynamodb:Scan');
  });
});
