/**
 * Safe releases (docs/infra.md "Releases that roll themselves back"): the render function and every
 * API function serve through an alias `live` on a published version; CloudFront and API Gateway only
 * ever call the alias. A deploy that changes a function publishes a new version, and CodeDeploy
 * moves the alias to it: first the pre-traffic check (functions/jobs/pre-traffic.ts) calls the new
 * version directly and refuses it on a server error or a page without its main landmark; then prod
 * shifts 10 % of the traffic for 5 minutes (dev: all at once), and the function's alarms roll the
 * alias back to the old version, automatically, while it shifts.
 */
import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnDeploymentGroup, LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, Function as LambdaFunction, type CfnAlias, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RELEASE_CHECK_ENV, type ReleaseTarget } from '../../../functions/lib/release-check.js';
import type { Stage } from '../context.js';
import { acknowledge, AppFunction, nagRef, nagString, repoRoot } from './function.js';
import type { Monitoring } from './monitoring/monitoring.js';

/** The alias every caller uses; CodeDeploy moves it from version to version. */
export const LIVE_ALIAS = 'live';

/** The `live` alias of a function (made in `scope`), on its current version (published whenever its code or configuration changes). */
export function liveAlias(scope: Construct, fn: NodejsFunction): Alias {
  return new Alias(scope, 'Live', { aliasName: LIVE_ALIAS, version: fn.currentVersion });
}

/** How prod shifts traffic: a tenth for five minutes, watched by the alarms, then the rest. */
export const PROD_DEPLOYMENT_CONFIG = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;
export const DEV_DEPLOYMENT_CONFIG = LambdaDeploymentConfig.ALL_AT_ONCE;

export interface SafeReleasesProps {
  readonly stage: Stage;
  /** Each function's live alias, by what the pre-traffic check checks on it: `render`, or the API handler module. */
  readonly aliases: ReadonlyMap<ReleaseTarget, Alias>;
  /** What functions/lib/config.ts reads (PRODUCT_NAME...). */
  readonly environment: Record<string, string>;
  /** CloudFront's origin secret: the check sends it to the API functions as CloudFront does. */
  readonly originSecret?: ISecret;
}

export class SafeReleases extends Construct {
  readonly application: LambdaApplication;
  /** One deployment group per alias, by the target it releases. */
  readonly groups = new Map<ReleaseTarget, LambdaDeploymentGroup>();
  /** The pre-traffic check of every group: one function (each group only names it). */
  readonly preTraffic: AppFunction;
  private readonly aliases: ReadonlyMap<ReleaseTarget, Alias>;

  constructor(scope: Construct, id: string, props: SafeReleasesProps) {
    super(scope, id);
    this.aliases = props.aliases;
    this.application = new LambdaApplication(this, 'Application');
    // One service role for every group (CDK would make one each): CodeDeploy's own Lambda policy.
    const role = new Role(this, 'ServiceRole', { assumedBy: new ServicePrincipal('codedeploy.amazonaws.com') });
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      "AWS-maintained policy for CodeDeploy's Lambda deployments: it may update aliases and read alarms, and invoke only hooks named CodeDeployHook_* or those granted here (the pre-traffic check).",
    );

    // Each released version says which check it gets (RELEASE_CHECK_ENV, read through the Lambda API):
    // the check names none of the functions, whose environment names the distribution, which names the
    // render alias, whose update policy names the check (a dependency cycle otherwise).
    for (const [target, alias] of props.aliases) {
      const fn = alias.version.lambda;
      if (!(fn instanceof LambdaFunction)) throw new Error(`SafeReleases: ${target}'s alias is not on a function of this stack`);
      fn.addEnvironment(RELEASE_CHECK_ENV, target);
    }
    this.preTraffic = new AppFunction(this, 'Fn-pre-traffic', {
      fn: 'pre-traffic',
      entry: join(repoRoot, 'functions', 'jobs', 'pre-traffic.ts'),
      // About ten page renders and a few reads, a cold start each time a version is new.
      timeout: Duration.minutes(2),
      environment: { ...props.environment, ...(props.originSecret ? { ORIGIN_SECRET_ARN: props.originSecret.secretArn } : {}) },
    });
    const hook = this.preTraffic.function;
    this.grantHook(hook, props);
    hook.grantInvoke(role);
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::${nagRef(hook)}:*]`,
      'CodeDeploy may invoke the pre-traffic check function (and its versions: CDK grants both): that one function.',
    );

    for (const [target, alias] of props.aliases) {
      const group = new LambdaDeploymentGroup(this, `Group-${target}`, {
        application: this.application,
        alias,
        role,
        deploymentConfig: props.stage === 'prod' ? PROD_DEPLOYMENT_CONFIG : DEV_DEPLOYMENT_CONFIG,
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      // The hook named here rather than as `preHook`, which would also grant it each group by ARN
      // (groups name their alarms, which name the functions: the same cycle). grantHook grants them all.
      (alias.node.defaultChild as CfnAlias).cfnOptions.updatePolicy = {
        codeDeployLambdaAliasUpdate: {
          applicationName: this.application.applicationName,
          deploymentGroupName: (group.node.defaultChild as CfnDeploymentGroup).ref,
          beforeAllowTrafficHook: hook.functionName,
        },
      };
      this.groups.set(target, group);
    }
  }

  /**
   * The alarms that roll a release back, watched while its traffic shifts (monitoring is built
   * last): the function's own errors; for render its counted failures and p99 duration, for the API
   * functions the API's p99 latency. Monitoring's existing alarms: no new alarm per function.
   */
  watch(monitoring: Monitoring): void {
    const named = (id: string) => {
      const alarm = monitoring.node.tryFindChild(id) as Alarm | undefined;
      if (!alarm) throw new Error(`SafeReleases: monitoring has no alarm ${id}`);
      return alarm;
    };
    for (const [target, group] of this.groups) {
      const fn = this.functionOf(target);
      const errors = monitoring.functionErrorAlarms.get(fn);
      if (!errors) throw new Error(`SafeReleases: monitoring has no error alarm for ${target}`);
      for (const alarm of [errors, ...(target === 'render' ? [named('RenderFailures'), named('RenderLatencyP99')] : [named('ApiLatencyP99')])]) {
        group.addAlarm(alarm);
      }
    }
  }

  private functionOf(target: ReleaseTarget): IFunction {
    const alias = this.aliases.get(target);
    if (!alias) throw new Error(`SafeReleases: no alias for ${target}`);
    return alias.version.lambda;
  }

  /**
   * The check reads and invokes the new versions of the stack's functions (by name: see above), asks
   * CodeDeploy which function and version a deployment of this application releases and reports on
   * it, and reads the origin secret.
   */
  private grantHook(hook: IFunction, props: SafeReleasesProps) {
    const { partition, region, account, stackName } = Stack.of(this);
    // CloudFormation names a function `{stack name}-{logical id}-{suffix}`; versions add `:{n}`.
    const functions = `arn:${partition}:lambda:${region}:${account}:function:${stackName}-*`;
    hook.addToRolePolicy(new PolicyStatement({ actions: ['lambda:GetFunctionConfiguration', 'lambda:InvokeFunction'], resources: [functions] }));
    const groups = `arn:${partition}:codedeploy:${region}:${account}:deploymentgroup:${this.application.applicationName}/*`;
    hook.addToRolePolicy(
      new PolicyStatement({
        actions: ['codedeploy:ListDeploymentTargets', 'codedeploy:BatchGetDeploymentTargets', 'codedeploy:PutLifecycleEventHookExecutionStatus'],
        resources: [groups],
      }),
    );
    acknowledge(
      this.preTraffic,
      `AwsSolutions-IAM5[Resource::${nagString(this, functions)}]`,
      "The check reads and invokes the new version of a released function, whose number is known only at deploy time; it cannot name the functions (a dependency cycle): the stack's own functions.",
    );
    acknowledge(
      this.preTraffic,
      `AwsSolutions-IAM5[Resource::${nagString(this, groups)}]`,
      "The check reads and reports on the deployments of this stack's CodeDeploy application only.",
    );
    if (props.originSecret)
      hook.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [props.originSecret.secretArn] }));
  }
}
