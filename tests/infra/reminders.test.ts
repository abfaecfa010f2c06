/**
 * The hourly reminders (infra/cdk/constructs/reminders.ts) on a bare stack: its schedule, its
 * retries and dead letters, and a role that may only Query the hour lists, update or delete
 * reminder rows and read the VAPID secret by name. The full stack's nag run (stack.test.ts) sees it wired in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Reminders } from '../../infra/cdk/constructs/reminders.js';

const outdir = mkdtempSync(join(tmpdir(), 'parrot-remind-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('Reminders', () => {
  let template: Template;
  let stack: Stack;
  let reminders: Reminders;
  const ref = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

  beforeAll(() => {
    const app = new App({ outdir });
    stack = new Stack(app, 'Remind', { env: { account: '123456789012', region: 'us-east-1' } });
    const table = new Table(stack, 'Table', {
      partitionKey: { name: 'PK', type: AttributeType.STRING },
      sortKey: { name: 'SK', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
    });
    const deadLetters = new Queue(stack, 'DeadLetters');
    reminders = new Reminders(stack, 'Reminders', { table, environment: { TABLE_NAME: table.tableName }, stackName: 'ParrotPhrases-dev', deadLetters });
    template = Template.fromStack(stack);
  }, 120_000);

  it('runs the job at minute 0 of every hour, with retries and then the dead letters', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 * * * ? *)',
      Targets: [Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 }, DeadLetterConfig: Match.anyValue() })],
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('may Query the hour lists, update or delete reminder rows, and read the VAPID secret by name: nothing else', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === ref(reminders.function.role!)))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: Record<string, Record<string, unknown>> }[]);
    const keysOf = (action: string) => statements.filter((s) => [s.Action].flat().includes(action)).map((s) => s.Condition?.['ForAllValues:StringLike']);
    expect(keysOf('dynamodb:Query')).toEqual([{ 'dynamodb:LeadingKeys': ['REMINDERS#*'] }]);
    expect(keysOf('dynamodb:UpdateItem')).toEqual([{ 'dynamodb:LeadingKeys': ['REMIND#*'] }]);
    expect(keysOf('dynamodb:DeleteItem')).toEqual([{ 'dynamodb:LeadingKeys': ['REMIND#*'] }]);
    const actions = statements.flatMap((s) => [s.Action].flat());
    for (const forbidden of ['dynamodb:Scan', 'dynamodb:PutItem', 'dynamodb:GetItem', 'secretsmanager:PutSecretValue'])
      expect(actions).not.toContain(forbidden);
    expect(actions).toContain('secretsmanager:GetSecretValue');
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ VAPID_SECRET_ID: 'ParrotPhrases-dev/vapid' }) } });
  });
});
