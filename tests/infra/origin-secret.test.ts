/**
 * CloudFront's origin secret in the synthesized template (infra/cdk/constructs/origin-secret.ts): a random
 * value in Secrets Manager, rotated every 30 days, that CloudFront reads through a dynamic reference
 * and the API functions read by ARN; nothing in the template holds the value or anything derived from
 * the stack. Read from the roles' policies: who may read the secret, who may change the distribution.
 */
import type { CfnElement } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_LENGTH, ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-secret.js';
import { handlerModules } from '../../functions/routes.js';
import type { ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { realMail, removeTempDirs, resourcesOf, SYNTH_TIMEOUT, synthStage, type TemplateJson } from './synth.js';

afterAll(removeTempDirs);

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

describe('origin secret', () => {
  let stack: ParrotPhrasesStack;
  let template: TemplateJson;
  const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const roleOf = (fn: IFunction) => logicalId(fn.role!);
  /** Every Allow statement of every role, with the role's logical id. */
  const grants = () =>
    resourcesOf(template, 'AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.Roles as { Ref: string }[]).flatMap((role) =>
        (p.Properties.PolicyDocument.Statement as Statement[])
          .filter((s) => s.Effect === 'Allow')
          .map((s) => ({ role: role.Ref, actions: [s.Action].flat(), resources: [s.Resource].flat() })),
      ),
    );
  const rolesAllowed = (action: string) => new Set(grants().flatMap((g) => (g.actions.includes(action) ? [g.role] : [])));
  const apiFunctions = () => [...new Set(handlerModules)].map((fn) => stack.api.functions.get(fn)!);
  const rotation = () => stack.originSecret.rotation!.function;

  beforeAll(() => {
    // prod: with its WAF web ACL, whose read the rotation needs.
    ({ stack, template } = synthStage({ stage: 'prod', ...realMail }));
  }, SYNTH_TIMEOUT);

  it('is a random value of letters and digits in Secrets Manager, rotated every 30 days by its rotation function', () => {
    const [[secretId, secret], ...others] = resourcesOf(template, 'AWS::SecretsManager::Secret');
    expect(others).toEqual([]);
    expect(secretId).toBe(logicalId(stack.originSecret.secret));
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, IncludeSpace: false, PasswordLength: ORIGIN_SECRET_LENGTH });
    expect(ORIGIN_SECRET_LENGTH).toBeGreaterThanOrEqual(32);

    const schedules = resourcesOf(template, 'AWS::SecretsManager::RotationSchedule');
    expect(schedules).toHaveLength(1);
    expect(schedules[0][1].Properties).toEqual({
      SecretId: { Ref: secretId },
      RotationLambdaARN: { 'Fn::GetAtt': [logicalId(rotation()), 'Arn'] },
      RotationRules: { ScheduleExpression: 'rate(30 days)' },
      // Not during a deploy: the first value is random already.
      RotateImmediatelyOnUpdate: false,
    });
    // Secrets Manager, and nothing else, may invoke the rotation function.
    const invokers = resourcesOf(template, 'AWS::Lambda::Permission')
      .filter(([, p]) => JSON.stringify(p.Properties.FunctionName).includes(logicalId(rotation())))
      .map(([, p]) => p.Properties.Principal);
    expect(invokers).toEqual(['secretsmanager.amazonaws.com']);
  });

  it('alarms on a failed rotation: Secrets Manager invokes it synchronously, so its failures are its errors (no dead letter applies)', () => {
    const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    // The jobs' errors are summed, a few functions to an alarm (JobErrors-{n}): the one that holds the rotation's.
    const onRotation = alarms.filter((a) =>
      (a.Metrics ?? []).some(
        (m: { MetricStat?: { Metric: { MetricName: string; Dimensions: unknown } } }) =>
          m.MetricStat?.Metric.MetricName === 'Errors' && JSON.stringify(m.MetricStat.Metric.Dimensions).includes(logicalId(rotation())),
      ),
    );
    expect(onRotation).toHaveLength(1);
    expect(onRotation[0]).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmName: expect.stringContaining('prod') });
    expect(onRotation[0].AlarmActions).toHaveLength(1);
  });

  it('is sent by CloudFront to the API through a dynamic reference, never as a value in the template', () => {
    const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution');
    const apiOrigin = distribution.Properties.DistributionConfig.Origins.find((o: { DomainName: unknown }) =>
      JSON.stringify(o.DomainName).includes('execute-api'),
    );
    const header = apiOrigin.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    // {{resolve:secretsmanager:<the secret's ARN>:SecretString:::}}, resolved by CloudFormation at deploy time.
    expect(header.HeaderValue).toEqual({
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalId(stack.originSecret.secret) }, ':SecretString:::}}']],
    });
    // The only dynamic reference of the template, and no trace of the old value (the stack's GUID).
    const text = JSON.stringify(template);
    expect(text.split('{{resolve:secretsmanager:').length - 1).toBe(1);
    expect(text).not.toContain('"AWS::StackId"');
  });

  it("gives the API functions the secret's ARN, never its value, and no ORIGIN_VERIFY", () => {
    const secretRef = { Ref: logicalId(stack.originSecret.secret) };
    for (const [id, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(Object.keys(variables), id).not.toContain('ORIGIN_VERIFY');
      for (const v of Object.values(variables)) expect(JSON.stringify(v), id).not.toContain('resolve:secretsmanager');
    }
    for (const fn of apiFunctions()) {
      const [, resource] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(fn))!;
      expect(resource.Properties.Environment.Variables.ORIGIN_SECRET_ARN).toEqual(secretRef);
    }
  });

  it('may be read by exactly the API functions, the render function (its form pages come through the API), its rotation function and the release check, and changed by the rotation only', () => {
    const secretRef = JSON.stringify({ Ref: logicalId(stack.originSecret.secret) });
    // The grants on this secret (the reminders job reads another one, its VAPID keys: tests/infra/reminders.test.ts).
    const onIt = grants().filter((g) => g.resources.some((r) => JSON.stringify(r) === secretRef));
    const readers = new Set(onIt.flatMap((g) => (g.actions.includes('secretsmanager:GetSecretValue') ? [g.role] : [])));
    // The pre-traffic check calls a new API version as CloudFront would, with the header (docs/infra.md).
    const releaseCheck = stack.safeReleases.preTraffic.function;
    expect([...readers].sort()).toEqual([...apiFunctions().map(roleOf), roleOf(stack.render.function), roleOf(rotation()), roleOf(releaseCheck)].sort());
    // Each grant on it names this one secret.
    for (const g of onIt.filter((g) => g.actions.some((a) => a.startsWith('secretsmanager:') && a !== 'secretsmanager:GetRandomPassword'))) {
      expect(
        g.resources.map((r) => JSON.stringify(r)),
        g.role,
      ).toEqual([secretRef]);
    }
    // The API functions and the render function read it, nothing more.
    for (const fn of [...apiFunctions(), stack.render.function]) {
      const actions = grants()
        .filter((g) => g.role === roleOf(fn))
        .flatMap((g) => g.actions.filter((a) => a.startsWith('secretsmanager:')));
      expect(actions).toEqual(['secretsmanager:GetSecretValue']);
    }
    for (const action of ['secretsmanager:PutSecretValue', 'secretsmanager:UpdateSecretVersionStage', 'secretsmanager:GetRandomPassword']) {
      expect([...rolesAllowed(action)], action).toEqual([roleOf(rotation())]);
    }
  });

  it('may be put in the distribution by the rotation function only, on that distribution only', () => {
    const distribution = JSON.stringify({ Ref: logicalId(stack.site.distribution) });
    for (const action of ['cloudfront:UpdateDistribution', 'cloudfront:GetDistributionConfig']) {
      expect([...rolesAllowed(action)], action).toEqual([roleOf(rotation())]);
    }
    const cloudfront = grants().filter((g) => g.role === roleOf(rotation()) && g.actions.some((a) => a.startsWith('cloudfront:')));
    expect(cloudfront).toHaveLength(1);
    expect(cloudfront[0].actions.sort()).toEqual(['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution']);
    expect(cloudfront[0].resources).toHaveLength(1);
    expect(JSON.stringify(cloudfront[0].resources[0])).toContain(':distribution/');
    expect(JSON.stringify(cloudfront[0].resources[0])).toContain(distribution);
    // The distribution's web ACL may be read (CloudFront checks it on update), not changed.
    const waf = grants().filter((g) => g.role === roleOf(rotation()) && g.actions.some((a) => a.startsWith('wafv2:')));
    expect(waf.map((g) => g.actions)).toEqual([['wafv2:GetWebACL']]);
    expect(waf[0].resources).toEqual([{ 'Fn::GetAtt': [stack.getLogicalId(stack.waf!.webAcl), 'Arn'] }]);
    // Its environment: the distribution, nothing of the table or the buckets.
    const [, fn] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(rotation()))!;
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(['CDN_DISTRIBUTION_ID', 'NODE_OPTIONS', 'STAGE']);
    expect(fn.Properties.Environment.Variables.CDN_DISTRIBUTION_ID).toEqual({ Ref: logicalId(stack.site.distribution) });
  });
});
