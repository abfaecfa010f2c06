/**
 * Scheduled releases (docs/back-office.md "Drafts and releases"): the release function
 * (functions/jobs/publish-release.ts), the stage's EventBridge Scheduler group, the role the
 * scheduler invokes the function with, and the publishing API function's right to create, move
 * and delete the one-time schedules of that group (functions/lib/scheduler.ts) and to pass them
 * that role. The release function publishes as the API's Publish does: the publishing table
 * access, the audit log's entries, and invalidations of the site's distribution.
 */
import { join } from 'node:path';
import { Duration, Stack, Token } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { scheduleName } from '../../../functions/lib/scheduler.js';
import { PUBLISHING, tableStatements } from './api.js';
import { acknowledge, FunctionConstruct, repoRoot } from './function.js';

export interface ReleasesProps {
  readonly table: ITable;
  /** What functions/lib/config.ts reads (TABLE_NAME...). */
  readonly environment: Record<string, string>;
  readonly distribution: IDistribution;
  /** The API's publishing function, which schedules releases. */
  readonly publishing: NodejsFunction;
}

export class Releases extends FunctionConstruct {
  readonly group: CfnScheduleGroup;
  readonly schedulerRole: Role;

  constructor(scope: Construct, id: string, props: ReleasesProps) {
    super(scope, id, {
      fn: 'publish-release',
      entry: join(repoRoot, 'functions', 'jobs', 'publish-release.ts'),
      // A level with 100 lessons publishes in one transaction, then one invalidation: seconds.
      timeout: Duration.seconds(60),
      environment: { ...props.environment, CDN_DISTRIBUTION_ID: props.distribution.distributionId },
    });
    const stack = Stack.of(this);
    const fn = this.function;
    for (const statement of tableStatements(props.table, PUBLISHING, { audit: true })) fn.addToRolePolicy(statement);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [props.distribution.distributionArn] }));

    const group = `${stack.stackName}-releases`;
    this.group = new CfnScheduleGroup(this, 'Group', { name: group });
    // Only EventBridge Scheduler, on behalf of this account, may take this role, and it may only invoke the release function.
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      description: 'Invokes the release function at the time of each scheduled release',
    });
    fn.grantInvoke(this.schedulerRole);
    acknowledge(
      this.schedulerRole,
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(fn.node.defaultChild as never)}.Arn>:*]`,
      'lambda:InvokeFunction on the release function and its versions (CDK grantInvoke); nothing else.',
    );

    const schedules = stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group}/${scheduleName('*')}` });
    props.publishing.addEnvironment('RELEASE_SCHEDULE_GROUP', group);
    props.publishing.addEnvironment('RELEASE_TARGET_ARN', fn.functionArn);
    props.publishing.addEnvironment('RELEASE_ROLE_ARN', this.schedulerRole.roleArn);
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
  }
}
