/**
 * dev and prod in one account and region: the two templates, synthesized with the same settings an
 * operator would give both (the same support addresses, one hosted zone), must not create anything
 * with the same physical identity, or the second deploy fails (AlreadyExists) and rolls back. And
 * the support mail's SES identities have exactly one owner.
 */
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_METRICS, METRICS_NAMESPACE, METRICS_SERVICE, STAGE_DIMENSION } from '../../functions/lib/failure-metrics.js';
import { mailIdentities } from '../../infra/cdk/constructs/mail.js';
import { readContext } from '../../infra/cdk/context.js';
import { hostedZoneId, realMail, removeTempDirs, resourcesOf, SYNTH_TIMEOUT, synthStage, type TemplateJson } from './synth.js';

afterAll(removeTempDirs);

/**
 * Resource types whose names only live inside their parent (an API's authorizer and `$default`
 * stage, a pool's group, a role's inline policy): two stages may use the same ones.
 */
const PARENT_SCOPED_TYPES = new Set([
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::ApiGatewayV2::Stage',
  'AWS::Cognito::UserPoolGroup',
  'AWS::IAM::Policy',
  // `live` is unique within its function; a schedule's name within its group, which names the stage.
  'AWS::Lambda::Alias',
  'AWS::Scheduler::Schedule',
]);
/** Types whose name is unique only together with more (a DNS record: its zone and type), collected below as such. */
const COMPOUND_NAMED_TYPES = new Set(['AWS::Route53::RecordSet']);
/** `*Name` keys that name something inside the resource or a shared metric, never a resource of the account. */
const PARENT_SCOPED_KEYS = new Set(['AttributeName', 'IndexName', 'MetricName']);
/** Pseudo parameters that are the same for every stack of an account and region. */
const SHARED_PSEUDO = new Set(['AWS::AccountId', 'AWS::Region', 'AWS::Partition', 'AWS::URLSuffix']);

/**
 * A value as it would be deployed, when it is the same in every stack of the account and region:
 * a literal, or a join or sub of literals and account-wide pseudo parameters. Anything that names a
 * resource or the stack (its name, its id) differs between stacks: undefined.
 */
function sharedValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (!value || typeof value !== 'object') return undefined;
  const o = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]]; 'Fn::Sub'?: unknown };
  if (o.Ref) return SHARED_PSEUDO.has(o.Ref) ? `\${${o.Ref}}` : undefined;
  if (o['Fn::Join']) {
    const parts = o['Fn::Join'][1].map(sharedValue);
    return parts.every((p) => p !== undefined) ? parts.join(o['Fn::Join'][0]) : undefined;
  }
  if (typeof o['Fn::Sub'] === 'string') {
    const refs = [...o['Fn::Sub'].matchAll(/\$\{([^}]+)\}/g)].map((m) => m[1]);
    return refs.every((r) => SHARED_PSEUDO.has(r)) ? o['Fn::Sub'] : undefined;
  }
  return undefined;
}

/**
 * Everything a template would create that must be unique in an account and region (or globally),
 * as `kind value` strings:
 *  - `name`: any `*Name` property with a value shared by stacks (TableName, BucketName, FunctionName,
 *    RoleName, LogGroupName, AlarmName, DashboardName, TopicName, AliasName, a WAF ACL's or a
 *    CloudFront policy's Name, a budget's BudgetName...), at any depth of objects (not list items,
 *    which live inside their resource);
 *  - `ses-identity`: SES identities (an address or a domain, case-insensitive, as SES compares them);
 *  - `domain`: CloudFront aliases, certificate and other resources' own domain names;
 *  - `dns-record`: a Route 53 record's zone, name and type.
 */
function physicalIdentities(template: TemplateJson): Set<string> {
  const found = new Set<string>();
  const names = (type: string, value: unknown, path: string): void => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, v] of Object.entries(value)) {
      const shared = sharedValue(v);
      if (/Name$/.test(key) && !PARENT_SCOPED_KEYS.has(key) && shared !== undefined) {
        // A resource's own DomainName (certificate, API domain) is a domain; nested ones (origins) are lists, not walked.
        found.add(key === 'DomainName' && !path ? `domain ${shared.toLowerCase()}` : `name ${type} ${key}=${shared}`);
      } else names(type, v, `${path}${key}.`);
    }
  };
  for (const r of Object.values(template.Resources)) {
    const p = r.Properties;
    if (!PARENT_SCOPED_TYPES.has(r.Type) && !COMPOUND_NAMED_TYPES.has(r.Type)) names(r.Type, p, '');
    const add = (kind: string, value: unknown) => {
      const shared = sharedValue(value);
      if (shared !== undefined) found.add(`${kind} ${shared.toLowerCase()}`);
    };
    if (r.Type === 'AWS::SES::EmailIdentity') add('ses-identity', p.EmailIdentity);
    if (r.Type === 'AWS::CloudFront::Distribution') for (const alias of p.DistributionConfig?.Aliases ?? []) add('domain', alias);
    if (r.Type === 'AWS::CertificateManager::Certificate') for (const san of p.SubjectAlternativeNames ?? []) add('domain', san);
    if (r.Type === 'AWS::Route53::RecordSet') {
      const [zone, name] = [sharedValue(p.HostedZoneId ?? p.HostedZoneName), sharedValue(p.Name)];
      if (zone !== undefined && name !== undefined) found.add(`dns-record ${zone} ${name.toLowerCase().replace(/\.$/, '')} ${p.Type}`);
    }
  }
  return found;
}
const shared = (a: TemplateJson, b: TemplateJson) => {
  const other = physicalIdentities(b);
  return [...physicalIdentities(a)].filter((id) => other.has(id)).sort();
};

const statementsSending = (template: TemplateJson) =>
  resourcesOf(template, 'AWS::IAM::Policy')
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
    .filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('ses:')));
const arn = (identity: string) => `arn:aws:ses:us-east-1:123456789012:identity/${identity}`;
/** The stage's own configuration set (its bounce and complaint metrics), named by CloudFormation. */
const configurationSet = (t: TemplateJson) => {
  const [id] = Object.entries(t.Resources).find(([, r]) => r.Type === 'AWS::SES::ConfigurationSet')!;
  return { 'Fn::Join': ['', ['arn:aws:ses:us-east-1:123456789012:configuration-set/', { Ref: id }]] };
};

describe('Two stages in one account and region', () => {
  // Without a custom domain, both stages with the same addresses (the defaults decide who owns them).
  let dev: TemplateJson;
  let prod: TemplateJson;
  // Each stage its own domain in one hosted zone; the same sender domain.
  let devDomain: TemplateJson;
  let prodDomain: TemplateJson;
  // dev told to create the identities too: what the defaults prevent.
  let devCreating: TemplateJson;
  beforeAll(() => {
    dev = synthStage({ stage: 'dev', ...realMail }).template;
    prod = synthStage({ stage: 'prod', ...realMail }).template;
    devDomain = synthStage({ stage: 'dev', ...realMail, domainName: 'dev.phrases.parrot-phrases.org', hostedZoneId }).template;
    prodDomain = synthStage({ stage: 'prod', ...realMail, domainName: 'phrases.parrot-phrases.org', hostedZoneId }).template;
    devCreating = synthStage({ stage: 'dev', ...realMail, sesIdentities: 'create' }).template;
  }, SYNTH_TIMEOUT);

  it('share no physical identity: names, SES identities, domains and DNS records, WAF, budgets, alarms, log groups', () => {
    expect(shared(dev, prod)).toEqual([]);
    expect(shared(devDomain, prodDomain)).toEqual([]);
    // The check sees what it must compare: the stage-named budget, alarms, dashboard, CloudFront
    // policies and functions, the API, the SES identities, the domains and their records.
    const ids = [...physicalIdentities(prodDomain)];
    for (const kind of [
      /^name AWS::Budgets::Budget BudgetName=ParrotPhrases-prod-/,
      /^name AWS::CloudWatch::Alarm AlarmName=ParrotPhrases-prod-/,
      /^name AWS::CloudWatch::Dashboard DashboardName=ParrotPhrases-prod-/,
      /^name AWS::CloudFront::CachePolicy Name=/,
      /^name AWS::CloudFront::Function Name=/,
      /^name AWS::ApiGatewayV2::Api Name=ParrotPhrases-prod-/,
      /^ses-identity mail\.parrot-phrases\.org$/,
      /^domain phrases\.parrot-phrases\.org$/,
      /^dns-record Z0123456789ABCDEFGHIJ phrases\.parrot-phrases\.org A$/,
    ]) {
      expect(
        ids.some((id) => kind.test(id)),
        String(kind),
      ).toBe(true);
    }
  });

  it('finds what both stages would create (the check above can fail)', () => {
    // Both creating the support addresses' identities: the failure this design removes.
    expect(shared(devCreating, prod)).toEqual([`ses-identity ${realMail.supportFromEmail}`, `ses-identity ${realMail.supportToEmail}`]);
    // One of each kind of physical identity, fixed in two otherwise unrelated templates.
    const fixed = (stack: string): TemplateJson => ({
      Resources: {
        Logs: { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: '/parrot/app' } },
        Budget: { Type: 'AWS::Budgets::Budget', Properties: { Budget: { BudgetName: 'parrot-monthly', BudgetType: 'COST' } } },
        Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Name: { 'Fn::Join': ['-', ['parrot', { Ref: 'AWS::Region' }]] }, Scope: 'CLOUDFRONT' } },
        Table: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: { 'Fn::Sub': 'parrot-${AWS::AccountId}' } } },
        Mail: { Type: 'AWS::SES::EmailIdentity', Properties: { EmailIdentity: stack === 'a' ? 'Parrot-Phrases.org' : 'parrot-phrases.org' } },
        Cdn: { Type: 'AWS::CloudFront::Distribution', Properties: { DistributionConfig: { Aliases: ['www.parrot-phrases.org'] } } },
        Cert: { Type: 'AWS::CertificateManager::Certificate', Properties: { DomainName: 'www.parrot-phrases.org' } },
        Dns: { Type: 'AWS::Route53::RecordSet', Properties: { HostedZoneId: hostedZoneId, Name: 'www.parrot-phrases.org.', Type: 'A' } },
        // Named after the stack, or left to CloudFormation: never shared.
        Own: { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: { 'Fn::Join': ['', ['/parrot/', { Ref: 'AWS::StackName' }]] } } },
        Ref: { Type: 'AWS::SNS::Topic', Properties: { TopicName: { 'Fn::GetAtt': ['Table', 'Arn'] } } },
      },
    });
    expect(shared(fixed('a'), fixed('b'))).toEqual([
      'dns-record Z0123456789ABCDEFGHIJ www.parrot-phrases.org A',
      'domain www.parrot-phrases.org',
      'name AWS::Budgets::Budget BudgetName=parrot-monthly',
      'name AWS::DynamoDB::Table TableName=parrot-${AWS::AccountId}',
      'name AWS::Logs::LogGroup LogGroupName=/parrot/app',
      'name AWS::WAFv2::WebACL Name=parrot-${AWS::Region}',
      'ses-identity parrot-phrases.org',
    ]);
  });

  it('lets exactly one stage create the SES identities (prod by default), and every stage send with them', () => {
    const identities = (t: TemplateJson) =>
      resourcesOf(t, 'AWS::SES::EmailIdentity').map(([id, r]) => [id.replace(/[0-9A-F]{8}$/, ''), r.Properties.EmailIdentity]);
    // Under the logical ids they always had: a new id would make CloudFormation create them again (AlreadyExists).
    expect(identities(prod)).toEqual([
      ['SupportFromIdentity', realMail.supportFromEmail],
      ['SupportToIdentity', realMail.supportToEmail],
    ]);
    expect(identities(dev)).toEqual([]);
    expect(identities(devCreating).map(([, v]) => v)).toEqual([realMail.supportFromEmail, realMail.supportToEmail]);

    // Both stages send with the same identities, named by ARN, and only as the support sender (the
    // sender's domain too: which identity SES uses depends on what the owning stage verified).
    for (const t of [dev, prod]) {
      const statements = statementsSending(t);
      expect(statements).toHaveLength(3); // the support function, the form page (render) and publishing (review steps): no other function sends
      for (const st of statements) {
        expect(st.Action).toBe('ses:SendEmail');
        expect(st.Resource).toEqual([arn('mail.parrot-phrases.org'), arn(realMail.supportFromEmail), arn(realMail.supportToEmail), configurationSet(t)]);
        expect(st.Condition).toEqual({ StringEquals: { 'ses:FromAddress': realMail.supportFromEmail } });
      }
    }

    const read = (context: Record<string, unknown>) => readContext(new App({ context }));
    expect(read({ stage: 'prod' }).sesIdentities).toBe('create');
    expect(read({ stage: 'dev' }).sesIdentities).toBe('existing');
    expect(read({ stage: 'dev', sesIdentities: 'CREATE' }).sesIdentities).toBe('create');
    expect(read({ stage: 'prod', sesIdentities: 'existing' }).sesIdentities).toBe('existing');
    expect(() => read({ sesIdentities: 'both' })).toThrow(/sesIdentities: .*"create"\|"existing".*\(got "both"\)/);
  });

  it("counts failures per stage: each stage's functions say their stage, and its alarms on counted metrics watch only it", () => {
    for (const [stage, t] of [
      ['dev', dev],
      ['prod', prod],
    ] as const) {
      const ours = resourcesOf(t, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment?.Variables?.TABLE_NAME);
      expect(ours.length).toBeGreaterThan(10);
      for (const [id, fn] of ours) expect(fn.Properties.Environment.Variables.STAGE, id).toBe(stage);
      const counted = resourcesOf(t, 'AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.Namespace === METRICS_NAMESPACE);
      expect(counted.map(([, a]) => a.Properties.MetricName).sort()).toEqual(Object.values(FAILURE_METRICS).sort());
      for (const [, a] of counted) {
        expect(a.Properties.Dimensions).toEqual(
          expect.arrayContaining([
            { Name: STAGE_DIMENSION, Value: stage },
            { Name: 'service', Value: METRICS_SERVICE },
          ]),
        );
        expect(a.Properties.Dimensions).toHaveLength(2);
      }
    }
  });

  it("verifies the sender's domain with Easy DKIM records in the hosted zone when the stage has a custom domain", () => {
    const mailDomain = 'mail.parrot-phrases.org';
    const identities = resourcesOf(prodDomain, 'AWS::SES::EmailIdentity');
    // The domain (no mailbox has to click a link), and the recipient, which it does not cover (the SES sandbox).
    expect(identities.map(([, r]) => r.Properties.EmailIdentity)).toEqual([mailDomain, realMail.supportToEmail]);
    const [domainId, domainIdentity] = identities[0];
    expect(domainIdentity.Properties.DkimSigningAttributes).toEqual({ NextSigningKeyLength: 'RSA_2048_BIT' });
    const dkim = resourcesOf(prodDomain, 'AWS::Route53::RecordSet').filter(([, r]) => r.Properties.Type === 'CNAME');
    expect(dkim.map(([, r]) => r.Properties)).toEqual(
      [1, 2, 3].map((n) => ({
        HostedZoneId: hostedZoneId,
        Type: 'CNAME',
        Name: { 'Fn::GetAtt': [domainId, `DkimDNSTokenName${n}`] },
        ResourceRecords: [{ 'Fn::GetAtt': [domainId, `DkimDNSTokenValue${n}`] }],
        TTL: '1800',
      })),
    );
    // dev references them: no identity, no DKIM record of its own (its records: the site's A and AAAA, the API origin's A).
    expect(resourcesOf(devDomain, 'AWS::SES::EmailIdentity')).toEqual([]);
    expect(resourcesOf(devDomain, 'AWS::Route53::RecordSet').map(([, r]) => r.Properties.Type)).toEqual(['A', 'A', 'AAAA']);
    for (const t of [devDomain, prodDomain]) {
      for (const st of statementsSending(t)) {
        expect(st.Resource).toEqual([arn(mailDomain), arn(realMail.supportFromEmail), arn(realMail.supportToEmail), configurationSet(t)]);
        // A domain identity would let the function send as anyone at the domain: only the support sender.
        expect(st.Condition).toEqual({ StringEquals: { 'ses:FromAddress': realMail.supportFromEmail } });
      }
    }
    // A dev stage without a hosted zone beside this prod: SES authorises its mail with the domain
    // identity prod made (no address identity exists), so dev is granted on it too.
    for (const st of statementsSending(dev)) expect(st.Resource).toEqual(expect.arrayContaining(identities.map(([, r]) => arn(r.Properties.EmailIdentity))));
    // A recipient at the verified domain or below needs no identity of its own; one address is one identity.
    expect(mailIdentities('a@Parrot.org', 'b@help.parrot.org', true)).toEqual({ domain: 'parrot.org', addresses: [] });
    expect(mailIdentities('a@parrot.org', 'b@other.org', true).addresses).toEqual([{ id: 'SupportTo', address: 'b@other.org' }]);
    expect(mailIdentities('a@parrot.org', 'A@parrot.org', false).addresses).toEqual([{ id: 'SupportFrom', address: 'a@parrot.org' }]);
  });
});
