/**
 * The pre-traffic hook (functions/jobs/pre-traffic.ts): what it reports to CodeDeploy. CodeDeploy and
 * a published Lambda version exist only in AWS: their clients are mocked. The check itself runs on
 * local builds too (tests/integration/check-release.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetDeploymentTargetsCommand,
  CodeDeployClient,
  ListDeploymentTargetsCommand,
  PutLifecycleEventHookExecutionStatusCommand,
} from '@aws-sdk/client-codedeploy';
import { GetFunctionConfigurationCommand, InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../../functions/lib/config.js';
import { handler } from '../../functions/jobs/pre-traffic.js';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-secret.js';

const codeDeploy = mockClient(CodeDeployClient);
const lambda = mockClient(LambdaClient);
const secrets = mockClient(SecretsManagerClient);
const EVENT = { DeploymentId: 'd-123', LifecycleEventHookExecutionId: 'hook-1' };
const SITEMAP = '<urlset><url><loc>https://x.test/fr</loc></url><url><loc>https://x.test/fr/a1</loc></url></urlset>';

type Answer = { statusCode: number; headers?: Record<string, string>; body?: string };
const html = (body: string): Answer => ({ statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
const payload = (a: unknown) => ({ StatusCode: 200, Payload: Buffer.from(JSON.stringify(a)) as never });

/** The check each released function's configuration names (RELEASE_CHECK, set by the stack). */
const CHECKS: Record<string, string> = { 'stack-render': 'render', 'stack-settings': 'settings', 'someone-else': 'nothing-known' };

/** The deployment releases `functionName` version 7; each invocation of it answers `answer(event)`. */
function deployment(functionName: string, answer: (event: { rawPath: string; headers: Record<string, string> }) => Answer | 'crash') {
  lambda
    .on(GetFunctionConfigurationCommand, { FunctionName: functionName, Qualifier: '7' })
    .resolves({ Environment: { Variables: { RELEASE_CHECK: CHECKS[functionName] } } });
  codeDeploy.on(ListDeploymentTargetsCommand, { deploymentId: EVENT.DeploymentId }).resolves({ targetIds: [`${functionName}:live`] });
  codeDeploy.on(BatchGetDeploymentTargetsCommand).resolves({
    deploymentTargets: [{ lambdaTarget: { lambdaFunctionInfo: { functionName, functionAlias: 'live', currentVersion: '6', targetVersion: '7' } } }],
  });
  lambda.on(InvokeCommand).callsFake((input: { FunctionName: string; Qualifier: string; Payload: string }) => {
    if (input.FunctionName !== functionName || input.Qualifier !== '7') throw new Error(`invoked ${input.FunctionName}:${input.Qualifier}`);
    const a = answer(JSON.parse(input.Payload));
    return a === 'crash' ? { ...payload({ errorMessage: 'Runtime.ImportModuleError' }), FunctionError: 'Unhandled' } : payload(a);
  });
}
const reported = () => codeDeploy.commandCalls(PutLifecycleEventHookExecutionStatusCommand).map((c) => c.args[0].input);

describe('the pre-traffic hook', () => {
  beforeEach(() => {
    codeDeploy.reset();
    lambda.reset();
    secrets.reset();
    codeDeploy.on(PutLifecycleEventHookExecutionStatusCommand).resolves({});
  });
  afterEach(() => {
    config.originSecretArn = undefined;
  });

  it('reports Succeeded when the new render version answers every page with its <main>, calling the version, not the alias', async () => {
    const paths: string[] = [];
    deployment('stack-render', (e) => {
      paths.push(e.rawPath);
      return e.rawPath === '/sitemap.xml'
        ? { statusCode: 200, headers: { 'content-type': 'application/xml' }, body: SITEMAP }
        : html('<main id="main">ok</main>');
    });
    await handler(EVENT);
    expect(reported()).toEqual([{ deploymentId: 'd-123', lifecycleEventHookExecutionId: 'hook-1', status: 'Succeeded' }]);
    expect(paths).toEqual(['/', '/languages', '/blog', '/faq', '/support', '/sitemap.xml', '/fr', '/fr/a1']);
  });

  it('reports Failed when a page answers 500, a page has no <main>, or the version crashes', async () => {
    for (const broken of [
      (p: string) => (p === '/faq' ? ({ statusCode: 500, body: 'no' } as Answer) : html('<main></main>')),
      (p: string) => (p === '/blog' ? html('<div>no landmark</div>') : html('<main></main>')),
      () => 'crash' as const,
    ]) {
      codeDeploy.resetHistory();
      deployment('stack-render', (e) => broken(e.rawPath));
      await handler(EVENT);
      expect(reported().map((r) => r.status)).toEqual(['Failed']);
    }
  });

  it("checks an API function's public reads with CloudFront's origin secret, and fails it on a 5xx", async () => {
    config.originSecretArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin';
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'the-origin-secret' });
    const seen: string[] = [];
    deployment('stack-settings', (e) => {
      seen.push(`${e.rawPath} ${e.headers[ORIGIN_VERIFY_HEADER]}`);
      return { statusCode: 200, body: '{}' };
    });
    await handler(EVENT);
    expect(seen).toEqual(['/api/settings the-origin-secret']);
    expect(reported().map((r) => r.status)).toEqual(['Succeeded']);

    codeDeploy.resetHistory();
    deployment('stack-settings', () => ({ statusCode: 503, body: '{}' }));
    await handler(EVENT);
    expect(reported().map((r) => r.status)).toEqual(['Failed']);
  });

  it('reports Failed when the released version names no known check, or CodeDeploy cannot say', async () => {
    deployment('someone-else', () => html('<main></main>'));
    await handler(EVENT);
    codeDeploy.on(ListDeploymentTargetsCommand).rejects(new Error('AccessDenied'));
    await handler(EVENT);
    expect(reported().map((r) => r.status)).toEqual(['Failed', 'Failed']);
    expect(lambda.commandCalls(InvokeCommand)).toEqual([]);
  });
});
