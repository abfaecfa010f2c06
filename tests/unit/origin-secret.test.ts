/**
 * CloudFront's origin secret: the check every API function makes (functions/lib/origin-secret.ts,
 * through the router) and the four steps of its rotation (functions/jobs/rotate-origin-secret.ts).
 * Secrets Manager and CloudFront have no local stand-in, so both clients are mocked: Secrets Manager
 * by a small in-memory secret that keeps versions and staging labels as the service does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
  type GetSecretValueCommandInput,
} from '@aws-sdk/client-secrets-manager';
import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand, type DistributionConfig } from '@aws-sdk/client-cloudfront';
import { config } from '../../functions/lib/config.js';
import { router } from '../../functions/lib/http.js';
import { logger } from '../../functions/lib/powertools.js';
import {
  ACCEPTED_STAGES,
  CACHE_MS,
  ORIGIN_SECRET_LENGTH,
  ORIGIN_VERIFY_HEADER,
  REFRESH_INTERVAL_MS,
  originVerifier,
} from '../../functions/lib/origin-secret.js';
import { handler as rotate, type RotationStep } from '../../functions/jobs/rotate-origin-secret.js';
import { handler as render } from '../../functions/handlers/render.js';

const sm = mockClient(SecretsManagerClient);
const cf = mockClient(CloudFrontClient);
const SECRET = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginSecret-AbCdEf';
const DISTRIBUTION = 'E2EXAMPLE1234';

const notFound = () => Object.assign(new Error("Secrets Manager can't find the specified secret value"), { name: 'ResourceNotFoundException' });
/** A value as the secret holds them: ORIGIN_SECRET_LENGTH letters and digits. */
const value = (seed: string) => seed.repeat(ORIGIN_SECRET_LENGTH).slice(0, ORIGIN_SECRET_LENGTH);

/**
 * One secret in memory: versions with their value and staging labels. Moving AWSCURRENT stages the
 * version it leaves AWSPREVIOUS, as Secrets Manager does.
 */
class FakeSecret {
  versions = new Map<string, { value?: string; stages: string[] }>();
  rotationEnabled = true;
  random = 'R';
  constructor(current: string) {
    this.versions.set('v0', { value: current, stages: ['AWSCURRENT'] });
  }
  byStage(stage: string) {
    return [...this.versions.entries()].find(([, v]) => v.stages.includes(stage));
  }
  stage(id: string, stage: string) {
    for (const v of this.versions.values()) v.stages = v.stages.filter((s) => s !== stage);
    const version = this.versions.get(id) ?? { stages: [] };
    version.stages.push(stage);
    this.versions.set(id, version);
  }
  get(input: GetSecretValueCommandInput) {
    const id = input.VersionId ?? this.byStage(input.VersionStage ?? 'AWSCURRENT')?.[0];
    const version = id === undefined ? undefined : this.versions.get(id);
    if (!version?.value || (input.VersionStage && !version.stages.includes(input.VersionStage))) throw notFound();
    return { ARN: SECRET, VersionId: id, SecretString: version.value, VersionStages: version.stages };
  }
  /** What Secrets Manager does when a rotation starts: a new version id, staged AWSPENDING, no value yet. */
  startRotation(token: string) {
    this.stage(token, 'AWSPENDING');
  }
  /** ...and when it ends: the pending label goes. */
  endRotation() {
    for (const v of this.versions.values()) v.stages = v.stages.filter((s) => s !== 'AWSPENDING');
  }
  /** An operator's (or the schedule's) whole rotation, without CloudFront: for the cache tests. */
  rotateTo(next: string, token: string) {
    this.startRotation(token);
    this.versions.get(token)!.value = next;
    const previous = this.byStage('AWSCURRENT')![0];
    this.stage(token, 'AWSCURRENT');
    this.stage(previous, 'AWSPREVIOUS');
    this.endRotation();
  }
  install() {
    sm.reset();
    sm.on(GetSecretValueCommand).callsFake((input: GetSecretValueCommandInput) => this.get(input));
    sm.on(DescribeSecretCommand).callsFake(() => ({
      ARN: SECRET,
      RotationEnabled: this.rotationEnabled,
      VersionIdsToStages: Object.fromEntries([...this.versions].map(([id, v]) => [id, [...v.stages]])),
    }));
    sm.on(GetRandomPasswordCommand).callsFake(() => ({ RandomPassword: value(this.random) }));
    sm.on(PutSecretValueCommand).callsFake((input) => {
      const version = this.versions.get(input.ClientRequestToken) ?? { stages: [] };
      version.value = input.SecretString;
      this.versions.set(input.ClientRequestToken, version);
      for (const s of input.VersionStages ?? []) this.stage(input.ClientRequestToken, s);
      return { ARN: SECRET, VersionId: input.ClientRequestToken };
    });
    sm.on(UpdateSecretVersionStageCommand).callsFake((input) => {
      if (input.VersionStage === 'AWSCURRENT' && input.RemoveFromVersionId) this.stage(input.RemoveFromVersionId, 'AWSPREVIOUS');
      this.stage(input.MoveToVersionId, input.VersionStage);
      return { ARN: SECRET };
    });
    return this;
  }
}

const reads = () => sm.commandCalls(GetSecretValueCommand).length;

// The steps' and failures' log lines are asserted where they matter, kept out of the test output otherwise.
beforeEach(() => {
  for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(logger, level).mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('origin secret check', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });
  afterEach(() => sm.reset());

  it('accepts the current, the pending and the previous value, and nothing else', async () => {
    const secret = new FakeSecret(value('A')).install();
    secret.rotateTo(value('B'), 'v1'); // current B, previous A
    secret.startRotation('v2');
    secret.versions.get('v2')!.value = value('C'); // a rotation in progress: pending C
    const verify = originVerifier({ secretId: SECRET, now });

    expect(await verify(value('B'))).toBe(true);
    expect(await verify(value('C'))).toBe(true);
    expect(await verify(value('A'))).toBe(true);
    expect(await verify(value('D'))).toBe(false);
    // A prefix, a longer value, a different case: refused (the comparison is exact).
    expect(await verify(value('B').slice(0, -1))).toBe(false);
    expect(await verify(`${value('B')}x`)).toBe(false);
    expect(await verify(value('b'))).toBe(false);
    // The three stages were read once (the first request), by stage.
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.VersionStage)).toEqual([...ACCEPTED_STAGES]);
  });

  it('refuses a request without the header, and reads nothing for it', async () => {
    new FakeSecret(value('A')).install();
    const verify = originVerifier({ secretId: SECRET, now });
    expect(await verify(undefined)).toBe(false);
    expect(await verify('')).toBe(false);
    expect(reads()).toBe(0);
  });

  it('works with no rotation yet: only AWSCURRENT exists', async () => {
    new FakeSecret(value('A')).install();
    const verify = originVerifier({ secretId: SECRET, now });
    expect(await verify(value('A'))).toBe(true);
    expect(await verify(value('Z'))).toBe(false);
  });

  it('accepts a value rotated in after the values were read, reading them again once', async () => {
    const secret = new FakeSecret(value('A')).install();
    const verify = originVerifier({ secretId: SECRET, now });
    expect(await verify(value('A'))).toBe(true);
    expect(reads()).toBe(3);

    secret.rotateTo(value('B'), 'v1');
    clock += REFRESH_INTERVAL_MS; // well within CACHE_MS: only the mismatch makes it read
    expect(await verify(value('B'))).toBe(true);
    expect(reads()).toBe(6);
    // Both are known now: no more reads.
    expect(await verify(value('A'))).toBe(true);
    expect(await verify(value('B'))).toBe(true);
    expect(reads()).toBe(6);
  });

  it('reads the secret at most once per interval under a flood of forged values', async () => {
    new FakeSecret(value('A')).install();
    const verify = originVerifier({ secretId: SECRET, now });
    expect(await verify(value('A'))).toBe(true); // first read
    clock += REFRESH_INTERVAL_MS;

    // 1,000 forgeries in the next 29 s: one read again (the first of them), then none.
    for (let i = 0; i < 1000; i++) {
      expect(await verify(value(`x${i}`))).toBe(false);
      clock += 29;
    }
    expect(reads()).toBe(6);
    // The next interval: one more read, no more.
    clock += REFRESH_INTERVAL_MS;
    for (let i = 0; i < 100; i++) expect(await verify(value(`y${i}`))).toBe(false);
    expect(reads()).toBe(9);
    // The real value still passes, without a read.
    expect(await verify(value('A'))).toBe(true);
    expect(reads()).toBe(9);
  });

  it('reads the values again after CACHE_MS, so a value two rotations old stops being accepted', async () => {
    const secret = new FakeSecret(value('A')).install();
    const verify = originVerifier({ secretId: SECRET, now });
    expect(await verify(value('A'))).toBe(true);
    secret.rotateTo(value('B'), 'v1');
    secret.rotateTo(value('C'), 'v2'); // current C, previous B: A is gone

    clock += CACHE_MS - 1;
    expect(await verify(value('A'))).toBe(true); // still the values read before
    expect(reads()).toBe(3);
    clock += 1;
    expect(await verify(value('A'))).toBe(false);
    expect(await verify(value('B'))).toBe(true);
    expect(await verify(value('C'))).toBe(true);
  });

  it('fails (rather than refuses) when the secret cannot be read at all, and keeps the values it has when a later read fails', async () => {
    const outage = Object.assign(new Error('Service unavailable'), { name: 'InternalServiceError', $metadata: { httpStatusCode: 500 } });
    sm.on(GetSecretValueCommand).rejects(outage);
    const verify = originVerifier({ secretId: SECRET, now });
    await expect(verify(value('A'))).rejects.toThrow('Service unavailable');

    new FakeSecret(value('A')).install();
    clock += REFRESH_INTERVAL_MS;
    expect(await verify(value('A'))).toBe(true);
    sm.reset();
    sm.on(GetSecretValueCommand).rejects(outage);
    clock += CACHE_MS;
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    expect(await verify(value('A'))).toBe(true); // expired, the read failed: the values read before still count
    expect(warn).toHaveBeenCalledWith('origin secret: could not read it again, keeping the values read before', expect.anything());
  });
});

describe('the router with the origin secret', () => {
  const handler = router({ 'GET /api/languages': () => Promise.resolve(['ok']) });
  const call = async (headers: Record<string, string>) =>
    (await handler({ routeKey: 'GET /api/languages', headers, requestContext: { http: { method: 'GET' } } } as never, {} as never)).statusCode;
  let previous: string | undefined;
  beforeEach(() => {
    previous = config.originSecretArn;
  });
  afterEach(() => {
    config.originSecretArn = previous;
    sm.reset();
  });

  it('answers 403 to a request that did not come through CloudFront, 200 to one with any accepted value', async () => {
    const secret = new FakeSecret(value('A')).install();
    secret.rotateTo(value('B'), 'v1');
    config.originSecretArn = `${SECRET}-router`; // its own verifier (and cache) for this test
    expect(await call({})).toBe(403);
    expect(await call({ [ORIGIN_VERIFY_HEADER]: 'guess' })).toBe(403);
    expect(await call({ [ORIGIN_VERIFY_HEADER]: value('B') })).toBe(200);
    expect(await call({ [ORIGIN_VERIFY_HEADER]: value('A') })).toBe(200);
  });

  it('answers 503, not 403, when Secrets Manager is down and nothing was read yet', async () => {
    sm.on(GetSecretValueCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } }));
    config.originSecretArn = `${SECRET}-outage`;
    expect(await call({ [ORIGIN_VERIFY_HEADER]: value('A') })).toBe(503);
  });

  it('checks nothing where no secret is configured (the twin, scripts)', async () => {
    new FakeSecret(value('A')).install();
    config.originSecretArn = undefined;
    expect(await call({})).toBe(200);
    expect(reads()).toBe(0);
  });
});

describe('the render function with the origin secret', () => {
  // A path that names no page: whatever passes the origin check is answered 400 before any read or render.
  const event = (domainName: string, headers: Record<string, string>) =>
    ({ rawPath: '/%E0%A4%A', rawQueryString: '', headers, requestContext: { domainName, http: { method: 'GET' } } }) as never;
  const viaApi = (headers: Record<string, string> = {}) => render(event('abc123.execute-api.us-east-1.amazonaws.com', headers));
  const viaUrl = (headers: Record<string, string> = {}) => render(event('xyz789.lambda-url.us-east-1.on.aws', headers));
  let previous: string | undefined;
  beforeEach(() => {
    previous = config.formOriginSecretArn;
  });
  afterEach(() => {
    config.formOriginSecretArn = previous;
    sm.reset();
  });

  it('answers 403 to a form page that came through the API without an accepted value, and needs none from its function URL', async () => {
    new FakeSecret(value('A')).install();
    config.formOriginSecretArn = `${SECRET}-render`;
    expect((await viaApi()).statusCode).toBe(403);
    expect((await viaApi({ [ORIGIN_VERIFY_HEADER]: 'guess' })).statusCode).toBe(403);
    expect((await viaApi({ [ORIGIN_VERIFY_HEADER]: value('A') })).statusCode).toBe(400);
    // Signed by CloudFront's origin access control and checked by Lambda's IAM auth: no header needed.
    expect((await viaUrl()).statusCode).toBe(400);
  });

  it('checks nothing where no secret is configured (the twin)', async () => {
    new FakeSecret(value('A')).install();
    config.formOriginSecretArn = undefined;
    expect((await viaApi()).statusCode).toBe(400);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});

describe('origin secret rotation', () => {
  /** The distribution as CloudFront returns it: the site bucket, and the API origin with the header. */
  const distributionWith = (header: string): DistributionConfig => ({
    CallerReference: 'ref',
    Comment: 'Parrot Phrases',
    Enabled: true,
    DefaultCacheBehavior: undefined,
    Origins: {
      Quantity: 2,
      Items: [
        { Id: 'site', DomainName: 'site.s3.us-east-1.amazonaws.com', CustomHeaders: { Quantity: 0, Items: [] } },
        {
          Id: 'api',
          DomainName: 'abc.execute-api.us-east-1.amazonaws.com',
          CustomHeaders: {
            Quantity: 2,
            Items: [
              { HeaderName: 'x-other', HeaderValue: 'keep' },
              { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: header },
            ],
          },
        },
      ],
    },
  });
  /** CloudFront in memory: one configuration and its ETag; an update with a stale ETag is refused. */
  let distribution: { config: DistributionConfig; etag: number };
  const headerSent = () => distribution.config.Origins!.Items![1].CustomHeaders!.Items!.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)!.HeaderValue;
  const step = (Step: RotationStep, token = 'v1') => rotate({ SecretId: SECRET, ClientRequestToken: token, Step });
  let secret: FakeSecret;
  let previousDistribution: string | undefined;

  beforeEach(() => {
    previousDistribution = config.cdn.distributionId;
    config.cdn.distributionId = DISTRIBUTION;
    secret = new FakeSecret(value('A')).install();
    distribution = { config: distributionWith(value('A')), etag: 1 };
    cf.reset();
    cf.on(GetDistributionConfigCommand).callsFake((input) => {
      expect(input.Id).toBe(DISTRIBUTION);
      return { DistributionConfig: structuredClone(distribution.config), ETag: `E${distribution.etag}` };
    });
    cf.on(UpdateDistributionCommand).callsFake((input) => {
      expect(input.Id).toBe(DISTRIBUTION);
      if (input.IfMatch !== `E${distribution.etag}`)
        throw Object.assign(new Error('The precondition given in one or more of the request header fields evaluated to false.'), {
          name: 'PreconditionFailed',
        });
      distribution = { config: structuredClone(input.DistributionConfig), etag: distribution.etag + 1 };
      return { ETag: `E${distribution.etag}` };
    });
  });
  afterEach(() => {
    config.cdn.distributionId = previousDistribution;
    sm.reset();
    cf.reset();
  });

  it('runs the four steps: a new random value, sent by CloudFront, tested, then current; the old one stays previous', async () => {
    secret.random = 'N';
    secret.startRotation('v1');

    await step('createSecret');
    const [put] = sm.commandCalls(PutSecretValueCommand).map((c) => c.args[0].input);
    expect(put).toEqual({ SecretId: SECRET, ClientRequestToken: 'v1', SecretString: value('N'), VersionStages: ['AWSPENDING'] });
    expect(sm.commandCalls(GetRandomPasswordCommand)[0].args[0].input).toMatchObject({ PasswordLength: ORIGIN_SECRET_LENGTH, ExcludePunctuation: true });
    expect(headerSent()).toBe(value('A')); // nothing sent yet

    await step('setSecret');
    const [update] = cf.commandCalls(UpdateDistributionCommand).map((c) => c.args[0].input);
    expect(update.IfMatch).toBe('E1');
    expect(headerSent()).toBe(value('N'));
    // Nothing else of the configuration changed.
    expect(distribution.config).toEqual(distributionWith(value('N')));

    await step('testSecret');
    expect(secret.byStage('AWSCURRENT')![0]).toBe('v0'); // not current until finishSecret

    await step('finishSecret');
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)[0].args[0].input).toEqual({
      SecretId: SECRET,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: 'v1',
      RemoveFromVersionId: 'v0',
    });
    expect(secret.byStage('AWSCURRENT')![1].value).toBe(value('N'));
    expect(secret.byStage('AWSPREVIOUS')![1].value).toBe(value('A'));
  });

  it('never refuses a request during a rotation: edges with the old header and edges with the new one are both served', async () => {
    let clock = 0;
    const verify = originVerifier({ secretId: SECRET, now: () => clock });
    const edges = { old: value('A'), new: '' };
    expect(await verify(edges.old)).toBe(true);

    secret.random = 'N';
    secret.startRotation('v1');
    for (const s of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const) {
      await step(s);
      edges.new = headerSent()!;
      clock += REFRESH_INTERVAL_MS; // CloudFront deploys the change to its edges over minutes
      expect(await verify(edges.old), `old header after ${s}`).toBe(true);
      expect(await verify(edges.new), `new header after ${s}`).toBe(true);
    }
    secret.endRotation();
    clock += CACHE_MS;
    expect(await verify(value('N'))).toBe(true);
    expect(await verify(value('A'))).toBe(true); // AWSPREVIOUS, until the next rotation
  });

  it('keeps the pending value when createSecret runs again, and does not update a distribution that sends it already', async () => {
    secret.startRotation('v1');
    await step('createSecret');
    const pending = secret.versions.get('v1')!.value;
    secret.random = 'Q';
    await step('createSecret');
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(1);
    expect(secret.versions.get('v1')!.value).toBe(pending);

    await step('setSecret');
    await step('setSecret');
    expect(cf.commandCalls(UpdateDistributionCommand)).toHaveLength(1);
  });

  it('reads the distribution again when it changed between the read and the update (IfMatch)', async () => {
    secret.startRotation('v1');
    await step('createSecret');
    // Someone else (a deploy) updates the distribution right after the rotation read it.
    cf.on(GetDistributionConfigCommand)
      .callsFakeOnce(() => {
        const read = { DistributionConfig: structuredClone(distribution.config), ETag: `E${distribution.etag}` };
        distribution = { ...distribution, etag: distribution.etag + 1 };
        return read;
      })
      .callsFake(() => ({ DistributionConfig: structuredClone(distribution.config), ETag: `E${distribution.etag}` }));
    await step('setSecret');
    expect(cf.commandCalls(UpdateDistributionCommand).map((c) => c.args[0].input.IfMatch)).toEqual(['E1', 'E2']);
    expect(headerSent()).toBe(secret.versions.get('v1')!.value);
  });

  it('fails testSecret while the distribution does not send the pending value (the value does not become current)', async () => {
    secret.startRotation('v1');
    await step('createSecret');
    await expect(step('testSecret')).rejects.toThrow(/does not send the pending origin secret/);
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);
  });

  it('does nothing for a version that is current already, and refuses a secret without rotation or a version not pending', async () => {
    await step('finishSecret', 'v0');
    await step('setSecret', 'v0');
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);
    expect(cf.commandCalls(UpdateDistributionCommand)).toHaveLength(0);

    await expect(step('createSecret', 'nope')).rejects.toThrow(/not a version/);
    secret.versions.set('v9', { value: value('Z'), stages: [] });
    await expect(step('setSecret', 'v9')).rejects.toThrow(/not staged AWSPENDING/);
    secret.rotationEnabled = false;
    secret.startRotation('v1');
    await expect(step('createSecret')).rejects.toThrow(/does not have rotation enabled/);
  });

  it('fails setSecret without a distribution id, or when no origin sends the header', async () => {
    secret.startRotation('v1');
    await step('createSecret');
    config.cdn.distributionId = undefined;
    await expect(step('setSecret')).rejects.toThrow(/CDN_DISTRIBUTION_ID/);
    config.cdn.distributionId = DISTRIBUTION;
    distribution.config.Origins!.Items![1].CustomHeaders = { Quantity: 0, Items: [] };
    await expect(step('setSecret')).rejects.toThrow(/No origin .* sends x-origin-verify/);
  });
});
