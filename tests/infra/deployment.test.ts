/**
 * Releases that roll themselves back, and the headroom of the stack (docs/infra.md):
 *  - the render function and every API function serve through a `live` alias that CodeDeploy moves,
 *    with the pre-traffic check, automatic rollback and the function's alarms; CloudFront and API
 *    Gateway call only the aliases;
 *  - one invoke permission per API function, not one per route; no stack near CloudFormation's 500;
 *  - with a custom domain, CloudFront reaches the API under its own name and execute-api is off.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModules } from '../../functions/routes.js';
import { apiOriginNameOf } from '../../infra/cdk/constructs/domain.js';
import { LIVE_ALIAS } from '../../infra/cdk/constructs/deployment.js';
import { RELEASE_CHECK_ENV } from '../../functions/lib/release-check.js';
import type { ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { hostedZoneId, realMail, removeTempDirs, resourcesOf, SYNTH_TIMEOUT, synthStage, type Resource, type TemplateJson } from './synth.js';

afterAll(removeTempDirs);

/** The most resources CloudFormation takes in one stack is 500: a deploy is refused above. */
const RESOURCE_LIMIT = 450;
/**
 * prod's own budget, kept below the stage ceiling so the next features find room: each API route is
 * a resource (plus its integration when a handler module is new). Raised from 400 to 420 when History
 * and the invitations added four routes (404); to 440 when voices, pronunciations, the review step
 * and the hardest phrases added twelve routes and an alarm (429). Past 440, group a function's
 * routes under one `{proxy+}` route each (the router already dispatches by path): docs/cost.md.
 */
const PROD_RESOURCE_BUDGET = 440;

type Synth = { stack: ParrotPhrasesStack; template: TemplateJson };
const domainName = 'parrot-phrases.org';
const stages: Record<'dev' | 'prod' | 'prod with a custom domain', Synth> = {} as never;

beforeAll(() => {
  stages.dev = synthStage({ stage: 'dev', ...realMail });
  stages.prod = synthStage({ stage: 'prod', ...realMail });
  stages['prod with a custom domain'] = synthStage({ stage: 'prod', ...realMail, domainName, hostedZoneId });
}, 3 * SYNTH_TIMEOUT);

const idOf = (s: Synth, c: { node: { defaultChild?: unknown } }) => s.stack.getLogicalId(c.node.defaultChild as CfnElement);
/** Every released function: render, and the API's handler modules. */
const released = (s: Synth) => [['render', s.stack.render.alias] as const, ...s.stack.api.aliases];
type AliasResource = Resource & { UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: Record<string, { Ref: string }> } };

describe('Releases that roll themselves back', () => {
  it('releases render and every API function through its live alias, a deployment group with the pre-traffic check, automatic rollback and alarms', () => {
    for (const [stage, config] of [
      ['dev', 'CodeDeployDefault.LambdaAllAtOnce'],
      ['prod', 'CodeDeployDefault.LambdaCanary10Percent5Minutes'],
    ] as const) {
      const s = stages[stage];
      const { Resources } = s.template;
      expect(
        released(s)
          .map(([t]) => t)
          .sort(),
      ).toEqual(['render', ...new Set(handlerModules)].sort());
      const hookId = idOf(s, s.stack.safeReleases.preTraffic.function);
      const roles = new Set<string>();
      for (const [target, alias] of released(s)) {
        const aliasResource = Resources[idOf(s, alias)] as AliasResource;
        expect(aliasResource.Properties).toMatchObject({ Name: LIVE_ALIAS, FunctionName: { Ref: idOf(s, alias.version.lambda) } });
        const update = aliasResource.UpdatePolicy?.CodeDeployLambdaAliasUpdate;
        expect(update?.BeforeAllowTrafficHook, target).toEqual({ Ref: hookId });
        const group = Resources[update!.DeploymentGroupName.Ref];
        expect(group.Type).toBe('AWS::CodeDeploy::DeploymentGroup');
        expect(group.Properties.DeploymentConfigName, target).toBe(config);
        expect(group.Properties.AutoRollbackConfiguration).toEqual({
          Enabled: true,
          Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM']),
        });
        roles.add(JSON.stringify(group.Properties.ServiceRoleArn));
        // The function's own error alarm, and render's failures and p99 or the API's p99: monitoring's alarms, none new.
        const alarms = (group.Properties.AlarmConfiguration.Alarms as { Name: { Ref: string } }[]).map((a) => a.Name.Ref);
        const errors = s.stack.monitoring.functionErrorAlarms.get(alias.version.lambda)!;
        const named = (id: string) => idOf(s, s.stack.monitoring.node.findChild(id));
        const expected = [idOf(s, errors), ...(target === 'render' ? [named('RenderFailures'), named('RenderLatencyP99')] : [named('ApiLatencyP99')])];
        expect(alarms.sort(), target).toEqual(expected.sort());
        expect(group.Properties.AlarmConfiguration.Enabled).toBe(true);
      }
      // One service role for every group, one application, one hook.
      expect(roles.size).toBe(1);
      expect(resourcesOf(s.template, 'AWS::CodeDeploy::Application')).toHaveLength(1);
      expect(resourcesOf(s.template, 'AWS::CodeDeploy::DeploymentGroup')).toHaveLength(released(s).length);
    }
  });

  it("names each released function its check, and lets the check read and call only this stack's functions and deployments", () => {
    const s = stages.prod;
    for (const [target, alias] of released(s)) {
      const fn = s.template.Resources[idOf(s, alias.version.lambda)];
      expect(fn.Properties.Environment.Variables[RELEASE_CHECK_ENV], target).toBe(target);
    }
    const hook = s.stack.safeReleases.preTraffic.function;
    expect(s.template.Resources[idOf(s, hook)].Properties.Environment.Variables.ORIGIN_SECRET_ARN).toEqual({ Ref: idOf(s, s.stack.originSecret.secret) });
    const roleId = idOf(s, hook.role!);
    const statements = resourcesOf(s.template, 'AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const on = (action: string) => statements.filter((st) => [st.Action].flat().includes(action)).map((st) => JSON.stringify(st.Resource));
    const invoke = on('lambda:InvokeFunction');
    expect(invoke).toHaveLength(1);
    expect(invoke[0]).toContain(':function:ParrotPhrases-prod-*');
    const report = on('codedeploy:PutLifecycleEventHookExecutionStatus');
    expect(report).toHaveLength(1);
    expect(report[0]).toContain(':deploymentgroup:');
    expect(report[0]).toContain(idOf(s, s.stack.safeReleases.application));
  });

  it("points CloudFront's render origin and every API integration at the live aliases", () => {
    const s = stages.prod;
    const [[, url]] = resourcesOf(s.template, 'AWS::Lambda::Url');
    expect(url.Properties).toMatchObject({
      TargetFunctionArn: { 'Fn::GetAtt': [idOf(s, s.stack.render.function), 'Arn'] },
      Qualifier: LIVE_ALIAS,
      AuthType: 'AWS_IAM',
    });
    const [[, distribution]] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    const origins = JSON.stringify(distribution.Properties.DistributionConfig.Origins);
    expect(origins).toContain(idOf(s, s.stack.render.url));
    // The API functions' aliases, and the render function's for the form pages (constructs/forms.ts).
    const aliasIds = new Set([...s.stack.api.aliases.values(), s.stack.render.alias].map((a) => idOf(s, a)));
    const integrations = resourcesOf(s.template, 'AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(aliasIds.size);
    for (const [, i] of integrations) expect(aliasIds.has((i.Properties.IntegrationUri as { Ref: string }).Ref)).toBe(true);
  });
});

describe('Headroom', () => {
  it('grants API Gateway one invoke permission per function, on its alias, for every route', () => {
    const s = stages.prod;
    const fromApi = resourcesOf(s.template, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com');
    const aliasIds = [...s.stack.api.aliases.values(), s.stack.render.alias].map((a) => idOf(s, a));
    expect(fromApi.map(([, p]) => (p.Properties.FunctionName as { Ref: string }).Ref).sort()).toEqual(aliasIds.sort());
    for (const [, p] of fromApi) expect(JSON.stringify(p.Properties.SourceArn)).toMatch(/\/\*\/\*\/\*"\]\]\}$/);
  });

  it(`keeps every stage under ${RESOURCE_LIMIT} resources, and prod (with or without a domain) within ${PROD_RESOURCE_BUDGET}`, () => {
    const counts = Object.fromEntries(Object.entries(stages).map(([name, s]) => [name, Object.keys(s.template.Resources).length]));
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeLessThanOrEqual(RESOURCE_LIMIT);
    expect(counts.prod).toBeLessThanOrEqual(PROD_RESOURCE_BUDGET);
    expect(counts['prod with a custom domain']).toBeLessThanOrEqual(PROD_RESOURCE_BUDGET);
  });
});

describe('Only CloudFront reaches the API', () => {
  it('with a custom domain, serves the API under its own name on the same certificate, CloudFront calls it there, and execute-api is off', () => {
    const s = stages['prod with a custom domain'];
    const apiOrigin = apiOriginNameOf(domainName);
    const [[, api]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(true);
    const [[domainId, domain]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::DomainName');
    expect(domain.Properties.DomainName).toBe(apiOrigin);
    const certificateId = idOf(s, s.stack.domain!.certificate);
    expect(domain.Properties.DomainNameConfigurations).toEqual([expect.objectContaining({ CertificateArn: { Ref: certificateId } })]);
    expect(s.template.Resources[certificateId].Properties.SubjectAlternativeNames).toEqual([apiOrigin]);
    const [[, mapping]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::ApiMapping');
    expect(mapping.Properties).toMatchObject({ DomainName: { Ref: domainId }, ApiId: { Ref: idOf(s, s.stack.api.httpApi) } });
    const records = resourcesOf(s.template, 'AWS::Route53::RecordSet').map(([, r]) => r.Properties.Name);
    expect(records).toContain(`${apiOrigin}.`);
    const [[, distribution]] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    const origins = distribution.Properties.DistributionConfig.Origins as { DomainName: unknown; OriginCustomHeaders?: unknown[] }[];
    const toApi = origins.filter((o) => o.OriginCustomHeaders);
    expect(toApi.map((o) => o.DomainName)).toEqual([apiOrigin]);
  });

  it('without a custom domain, keeps the execute-api endpoint: it is how CloudFront reaches the API', () => {
    const s = stages.prod;
    const [[, api]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.DisableExecuteApiEndpoint).toBeUndefined();
    expect(resourcesOf(s.template, 'AWS::ApiGatewayV2::DomainName')).toEqual([]);
    const [[, distribution]] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    expect(JSON.stringify(distribution.Properties.DistributionConfig.Origins)).toContain('.execute-api.');
  });
});
