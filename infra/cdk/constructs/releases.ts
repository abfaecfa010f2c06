/**
 * Scheduled releases (docs/back-office.md "Drafts and releases"): the release function
 * (functions/jobs/publish-release.ts), the stage's EventBridge Scheduler group, the role the
 * scheduler invokes the function with, and the publishing API function's right to create, move
 * and delete the one-time schedules of that group (functions/lib/scheduler.ts) and to pass them
 * that role. The release function publishes as the API's Publish does: the publishing table
 * access, the audit log's entries, invalidations of the site's distribution, and the reviewers of
 * the item's language (a language with reviewers publishes only an approved draft).
 *
 * Nothing is lost (docs/infra.md "Nothing asynchronous is lost"): the group also holds the sweep
 * schedule, which runs every release due and not done every few minutes; an invocation the scheduler
 * cannot make goes to the stage's dead-letter queue (each schedule's DeadLetterConfig), and so does
 * an event the function still failed after Lambda's two retries (its on-failure destination).
 */
import { join } from 'node:path';
import { Duration, Stack, Token } from 'aws-cdk-lib';
import { MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CfnSchedule, CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { KEY_PREFIXES } from '../../../functions/lib/keys.js';
import { scheduleName, SWEEP_EVENT, SWEEP_SCHEDULE_NAME } from '../../../functions/lib/scheduler.js';
import { PUBLISHING, tableStatements } from './table-access.js';
import { acknowledge, FunctionConstruct, repoRoot } from './function.js';
import { grantInvalidation } from './site-invalidation.js';

export interface ReleasesProps {
  readonly table: ITable;
  /** What functions/lib/config.ts reads (TABLE_NAME...). */
  readonly environment: Record<string, string>;
  readonly distribution: IDistribution;
  /** The API's publishing function, which schedules releases. */
  readonly publishing: NodejsFunction;
  /** The stage's dead-letter queue (./dead-letters.ts). */
  readonly deadLetters: IQueue;
  /** Whose groups say which languages have reviewers: a run in such a language publishes only an approved draft. */
  readonly userPool: IUserPool;
}

/** How often the sweep runs the releases due and not done (a failed run, a lost schedule). */
export const RELEASE_SWEEP_RATE = Duration.minutes(5);
/** Lambda's retries of an event the release function failed, before its on-failure destination (Lambda's default, stated). */
export const RELEASE_RETRY_ATTEMPTS = 2;

export class Releases extends FunctionConstruct {
  readonly group: CfnScheduleGroup;
  readonly schedulerRole: Role;
  readonly sweep: CfnSchedule;
  /** The group's name: `{stack}-releases`. */
  readonly groupName: string;

  constructor(scope: Construct, id: string, props: ReleasesProps) {
    super(scope, id, {
      fn: 'publish-release',
      entry: join(repoRoot, 'functions', 'jobs', 'publish-release.ts'),
      // A level with 100 lessons publishes in one transaction, then one invalidation: seconds.
      timeout: Duration.seconds(60),
      environment: props.environment,
    });
    const stack = Stack.of(this);
    const fn = this.function;
    for (const statement of tableStatements(props.table, PUBLISHING, { audit: true })) fn.addToRolePolicy(statement);
    // A run takes its release and records its attempts and failure on it (functions/data/releases.ts): UpdateItem of releases only.
    for (const statement of tableStatements(props.table, { writes: [`${KEY_PREFIXES.release}*`], writeActions: ['UpdateItem'] })) fn.addToRolePolicy(statement);
    // An event the function failed after Lambda's retries (an outage, a defect) is kept, not dropped.
    fn.configureAsyncInvoke({ onFailure: new SqsDestination(props.deadLetters), retryAttempts: RELEASE_RETRY_ATTEMPTS });
    grantInvalidation(fn, props.distribution);
    // Whether the item's language has reviewers now (functions/services/review-gate.ts): read its group, nothing else of the pool.
    fn.addEnvironment('USER_POOL_ID', props.userPool.userPoolId);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:ListUsersInGroup'], resources: [props.userPool.userPoolArn] }));

    const group = `${stack.stackName}-releases`;
    this.groupName = group;
    this.group = new CfnScheduleGroup(this, 'Group', { name: group });
    // Only EventBridge Scheduler, on behalf of this account, may take this role, and it may only invoke the release function.
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      description: 'Invokes the release function at the time of each scheduled release',
    });
    fn.grantInvoke(this.schedulerRole);
    // Each schedule's DeadLetterConfig: the scheduler sends what it could not invoke with this role.
    this.schedulerRole.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.deadLetters.queueArn] }));
    acknowledge(
      this.schedulerRole,
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(fn.node.defaultChild as never)}.Arn>:*]`,
      'lambda:InvokeFunction on the release function and its versions (CDK grantInvoke); nothing else.',
    );

    const schedules = stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group}/${scheduleName('*')}` });
    props.publishing.addEnvironment('RELEASE_SCHEDULE_GROUP', group);
    props.publishing.addEnvironment('RELEASE_TARGET_ARN', fn.functionArn);
    props.publishing.addEnvironment('RELEASE_ROLE_ARN', this.schedulerRole.roleArn);
    props.publishing.addEnvironment('RELEASE_DLQ_ARN', props.deadLetters.queueArn);
    props.publishing.addToRolePolicy(
      new PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'], resources: [schedules] }),
    );
    props.publishing.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    // cdk-nag names the ARN as it is synthesized: a stage's known account and region literally, others as <AWS::...>.
    const nag = (v: string, name: string) => (Token.isUnresolved(v) ? `<AWS::${name}>` : v);
    acknowledge(
      props.publishing,
      `AwsSolutions-IAM5[Resource::arn:${nag(stack.partition, 'Partition')}:scheduler:${nag(stack.region, 'Region')}:${nag(stack.account, 'AccountId')}:schedule/${group}/${scheduleName('*')}]`,
      "A release's schedule is named by the release's id, made at request time: the function may manage the release schedules of this stage's group only.",
    );

    // Every few minutes, every release due and not done: one whose run failed, or whose schedule was lost.
    this.sweep = new CfnSchedule(this, 'Sweep', {
      name: SWEEP_SCHEDULE_NAME,
      groupName: group,
      description: 'Publishes the releases that are due and not done (functions/jobs/publish-release.ts)',
      scheduleExpression: `rate(${RELEASE_SWEEP_RATE.toMinutes()} minutes)`,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: fn.functionArn,
        roleArn: this.schedulerRole.roleArn,
        input: JSON.stringify(SWEEP_EVENT),
        // A missed sweep is caught up by the next one: no retries, and no queue of stale sweeps.
        retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: RELEASE_SWEEP_RATE.toSeconds() },
        deadLetterConfig: { arn: props.deadLetters.queueArn },
      },
    });
    this.sweep.node.addDependency(this.group);
  }

  /**
   * Invocations the scheduler could not make (TargetErrorCount: the invoke itself failed) or gave up
   * on (InvocationDroppedCount), of this stage's group: the release schedules and the sweep.
   * https://docs.aws.amazon.com/scheduler/latest/UserGuide/monitoring-cloudwatch.html
   */
  metricFailedInvocations(): MathExpression {
    const period = Duration.minutes(5);
    const scheduler = (metricName: string) =>
      new Metric({ namespace: 'AWS/Scheduler', metricName, dimensionsMap: { ScheduleGroup: this.groupName }, statistic: 'Sum', period });
    return new MathExpression({
      expression: 'FILL(errors, 0) + FILL(dropped, 0)',
      usingMetrics: { errors: scheduler('TargetErrorCount'), dropped: scheduler('InvocationDroppedCount') },
      period,
      label: 'Release invocations failed or dropped',
    });
  }
}
