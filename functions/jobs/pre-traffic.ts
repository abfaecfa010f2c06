/**
 * The pre-traffic check of every release (infra/cdk/constructs/deployment.ts): CodeDeploy calls it
 * with the deployment's id before the `live` alias of the render function or of an API function
 * gets any traffic. It asks CodeDeploy which function and new version the deployment releases,
 * runs the release check on that version, called directly (never through the alias, which still
 * serves the old one: functions/lib/release-check.ts), and reports Succeeded or Failed. A failure,
 * or any error on the way, is reported Failed: CodeDeploy stops the deployment and CloudFormation
 * rolls the stack back, the old version never having stopped serving.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { codeDeploy, lambda, secretsManager } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { ORIGIN_VERIFY_HEADER } from '../lib/origin-secret.js';
import { logger } from '../lib/powertools.js';
import { checkRelease, describeReport, isReleaseTarget, RELEASE_CHECK_ENV, type Invoke, type ReleaseTarget } from '../lib/release-check.js';

/** What CodeDeploy sends a lifecycle hook. */
export interface HookEvent {
  DeploymentId: string;
  LifecycleEventHookExecutionId: string;
}

/** The function and the version a deployment moves its alias to. */
async function releasedVersion(deploymentId: string): Promise<{ functionName: string; version: string }> {
  const client = await codeDeploy();
  const { ListDeploymentTargetsCommand, BatchGetDeploymentTargetsCommand } = await import('@aws-sdk/client-codedeploy');
  const { targetIds = [] } = await client.send(new ListDeploymentTargetsCommand({ deploymentId }));
  if (!targetIds.length) throw new Error(`Deployment ${deploymentId} has no target`);
  const { deploymentTargets = [] } = await client.send(new BatchGetDeploymentTargetsCommand({ deploymentId, targetIds }));
  const info = deploymentTargets.find((t) => t.lambdaTarget?.lambdaFunctionInfo)?.lambdaTarget?.lambdaFunctionInfo;
  if (!info?.functionName || !info.targetVersion) throw new Error(`Deployment ${deploymentId} names no Lambda function and version`);
  return { functionName: info.functionName, version: info.targetVersion };
}

/** Which check a version gets: its own RELEASE_CHECK_ENV (infra/cdk/constructs/deployment.ts). */
async function checkOf(functionName: string, version: string): Promise<ReleaseTarget> {
  const { GetFunctionConfigurationCommand } = await import('@aws-sdk/client-lambda');
  const out = await (await lambda()).send(new GetFunctionConfigurationCommand({ FunctionName: functionName, Qualifier: version }));
  const target = out.Environment?.Variables?.[RELEASE_CHECK_ENV];
  if (!isReleaseTarget(target)) throw new Error(`${functionName}:${version} names no release check (${RELEASE_CHECK_ENV}=${String(target)})`);
  return target;
}

/** Invokes one version of a function synchronously; a function error (crash, timeout) throws. */
function invokeVersion(functionName: string, version: string): Invoke {
  return async (event) => {
    const { InvokeCommand } = await import('@aws-sdk/client-lambda');
    const out = await (await lambda()).send(new InvokeCommand({ FunctionName: functionName, Qualifier: version, Payload: JSON.stringify(event) }));
    const payload = out.Payload ? (JSON.parse(Buffer.from(out.Payload).toString('utf8')) as unknown) : undefined;
    if (out.FunctionError) throw new Error(`${out.FunctionError}: ${(payload as { errorMessage?: string } | undefined)?.errorMessage ?? 'no message'}`);
    return payload as APIGatewayProxyStructuredResultV2;
  };
}

/** CloudFront's origin secret, so the API functions' router lets the check's requests in as it lets CloudFront's. */
async function originHeaders(): Promise<Record<string, string>> {
  if (!config.originSecretArn) return {};
  const { GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await (await secretsManager()).send(new GetSecretValueCommand({ SecretId: config.originSecretArn }));
  return SecretString ? { [ORIGIN_VERIFY_HEADER]: SecretString } : {};
}

/** Runs the check of the deployment's new version: whether it may serve. */
async function passes(deploymentId: string): Promise<boolean> {
  const { functionName, version } = await releasedVersion(deploymentId);
  const target = await checkOf(functionName, version);
  const report = await checkRelease(target, invokeVersion(functionName, version), target === 'render' ? {} : await originHeaders());
  logger[report.ok ? 'info' : 'error'](`release check of ${functionName}:${version} ${report.ok ? 'passed' : 'failed'}\n${describeReport(report)}`, {
    deploymentId,
    report,
  });
  return report.ok;
}

export async function handler(event: HookEvent): Promise<void> {
  let status: 'Succeeded' | 'Failed' = 'Failed';
  try {
    if (await passes(event.DeploymentId)) status = 'Succeeded';
  } catch (e) {
    logger.error('release check could not run: the release is refused', { deploymentId: event.DeploymentId, error: e as Error });
  }
  const { PutLifecycleEventHookExecutionStatusCommand } = await import('@aws-sdk/client-codedeploy');
  await (
    await codeDeploy()
  ).send(
    new PutLifecycleEventHookExecutionStatusCommand({
      deploymentId: event.DeploymentId,
      lifecycleEventHookExecutionId: event.LifecycleEventHookExecutionId,
      status,
    }),
  );
}
