/**
 * The daily media sweep (infra/cdk/constructs/media-sweep.ts) on a bare stack: its schedule, its
 * least-privilege role, and no cdk-nag finding of its own. The full stack's nag run
 * (stack.test.ts) sees it wired in.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PREFIXES } from '../../functions/lib/media.js';
import { MediaSweep } from '../../infra/cdk/constructs/media-sweep.js';

const outdirs: string[] = [];
afterAll(() => outdirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function build(nag = false) {
  const outdir = mkdtempSync(join(tmpdir(), 'parrot-sweep-'));
  outdirs.push(outdir);
  const app = new App({ outdir });
  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new Stack(app, 'Sweep', { env: { account: '123456789012', region: 'us-east-1' } });
  const table = new Table(stack, 'Table', {
    partitionKey: { name: 'PK', type: AttributeType.STRING },
    sortKey: { name: 'SK', type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
  });
  const contentBucket = new Bucket(stack, 'Content');
  const assetsBucket = new Bucket(stack, 'Assets');
  const deadLetters = new Queue(stack, 'DeadLetters');
  const sweep = new MediaSweep(stack, 'MediaSweep', { table, contentBucket, assetsBucket, environment: { TABLE_NAME: table.tableName }, deadLetters });
  return { app, stack, sweep, table, contentBucket, assetsBucket, deadLetters };
}

describe('MediaSweep', () => {
  let t: ReturnType<typeof build>;
  let template: Template;
  const ref = (c: { node: { defaultChild?: unknown } }) => t.stack.getLogicalId(c.node.defaultChild as CfnElement);
  /** Every statement of the sweep function's role. */
  const statements = () =>
    Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === ref(t.sweep.function.role!)))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[]);
  const actions = () => statements().flatMap((s) => [s.Action].flat());

  beforeAll(() => {
    t = build();
    template = Template.fromStack(t.stack);
  }, 120_000);

  it('runs the job once a day from an EventBridge rule', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(30 3 * * ? *)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [ref(t.sweep.function), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [ref(t.sweep.function), 'Arn'] },
    });
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function'));
    expect(fn.Properties).toMatchObject({ Handler: 'index.handler', Timeout: 300, Architectures: ['arm64'] });
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'CONTENT_BUCKET', 'ASSETS_BUCKET']));
  });

  it('keeps a run that failed for good in the dead-letter queue: one EventBridge could not invoke, and one the function failed after two retries', () => {
    const queueArn = { 'Fn::GetAtt': [ref(t.deadLetters), 'Arn'] };
    template.hasResourceProperties('AWS::Events::Rule', { Targets: [Match.objectLike({ DeadLetterConfig: { Arn: queueArn } })] });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: ref(t.sweep.function) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: queueArn } },
    });
    // EventBridge sends with the queue's policy; Lambda with the function's role.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'sqs:SendMessage', Principal: { Service: 'events.amazonaws.com' } })]) },
    });
    expect(statements().some((s) => [s.Action].flat().includes('sqs:SendMessage') && JSON.stringify(s.Resource) === JSON.stringify(queueArn))).toBe(true);
  });

  it('may Scan the table and nothing else of it', () => {
    const dynamo = statements().filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toHaveLength(1);
    expect(dynamo[0].Action).toBe('dynamodb:Scan');
    expect(dynamo[0].Resource).toEqual({ 'Fn::GetAtt': [ref(t.table), 'Arn'] });
  });

  it('may list and delete under the media prefixes only, and never read or write media', () => {
    for (const [kind, bucket] of [
      ['content', t.contentBucket],
      ['assets', t.assetsBucket],
    ] as const) {
      const arn = { 'Fn::GetAtt': [ref(bucket), 'Arn'] };
      const list = statements().find((s) => s.Action === 's3:ListBucket' && JSON.stringify(s.Resource) === JSON.stringify(arn));
      expect(list?.Condition, kind).toEqual({ StringLike: { 's3:prefix': MEDIA_PREFIXES[kind].map((p) => `${p}*`) } });
      const del = statements().find((s) => s.Action === 's3:DeleteObject' && JSON.stringify(s.Resource).includes(ref(bucket)));
      expect(del?.Resource, kind).toEqual(MEDIA_PREFIXES[kind].map((p) => ({ 'Fn::Join': ['', [arn, `/${p}*`]] })));
    }
    const s3 = actions().filter((a) => a.startsWith('s3:'));
    expect(new Set(s3)).toEqual(new Set(['s3:ListBucket', 's3:DeleteObject']));
    // Only X-Ray (AppFunction's tracing) and the dead-letter queue besides the table and the buckets.
    expect(
      actions()
        .filter((a) => !/^(s3|dynamodb):/.test(a))
        .every((a) => a.startsWith('xray:') || a.startsWith('sqs:')),
    ).toBe(true);
  });

  it('adds no cdk-nag finding of its own', { timeout: 120_000 }, () => {
    const n = build(true);
    try {
      n.app.synth(); // throws when any finding is open (the bare table and buckets have some)
    } catch {
      /* the report is written first */
    }
    const report = JSON.parse(readFileSync(join(n.app.outdir, 'validation-report.json'), 'utf8'));
    const findings = (report.pluginReports as { pluginName: string; violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[])
      .filter((p) => p.pluginName === 'AwsSolutions')
      .flatMap((p) => p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`)));
    expect(findings.length).toBeGreaterThan(0); // the check is live: the bare buckets have findings
    expect(findings.filter((f) => f.includes('/MediaSweep/'))).toEqual([]);
  });
});
