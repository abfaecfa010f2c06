/**
 * The rotation function of CloudFront's origin secret (docs/security.md "Origin secret"). Secrets
 * Manager calls it for each of the four steps of a rotation: every 30 days on its schedule
 * (infra/cdk/constructs/origin-secret.ts), or when an operator runs `aws secretsmanager rotate-secret`.
 *
 * 1. createSecret: a new random value, stored as this rotation's version, staged AWSPENDING.
 * 2. setSecret: every origin of the distribution that sends ORIGIN_VERIFY_HEADER sends the pending
 *    value (GetDistributionConfig, then UpdateDistribution with its ETag as IfMatch).
 * 3. testSecret: the distribution's configuration carries the pending value.
 * 4. finishSecret: the pending version becomes AWSCURRENT; Secrets Manager stages the one it
 *    replaces AWSPREVIOUS.
 *
 * The API functions accept the current, pending and previous values (functions/lib/origin-secret.ts),
 * so requests from edges that still have the old configuration are served while CloudFront deploys
 * the new one (minutes), and until the next rotation. A failed step leaves AWSCURRENT where it was;
 * every step can run again (an unfinished rotation is attempted again with the same version).
 */
import type { DistributionConfig } from '@aws-sdk/client-cloudfront';
import { cloudFront, secretsManager } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { errorName } from '../lib/errors.js';
import { ORIGIN_SECRET_LENGTH, ORIGIN_VERIFY_HEADER } from '../lib/origin-secret.js';
import { logger } from '../lib/powertools.js';

export const ROTATION_STEPS = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const;
export type RotationStep = (typeof ROTATION_STEPS)[number];

/** What Secrets Manager sends a rotation function. */
export interface RotationEvent {
  SecretId: string;
  /** The id of the version this rotation makes. */
  ClientRequestToken: string;
  Step: RotationStep;
}

/** UpdateDistribution refused because the configuration changed since it was read (a deploy, another edit): read it again. */
const UPDATE_ATTEMPTS = 3;

const distributionId = () => {
  if (!config.cdn.distributionId) throw new Error('CDN_DISTRIBUTION_ID is not set: the rotation does not know which distribution sends the origin secret');
  return config.cdn.distributionId;
};

const sm = async () => ({ client: await secretsManager(), api: await import('@aws-sdk/client-secrets-manager') });

/** The value of this rotation's version (staged AWSPENDING by createSecret). */
async function pendingValue(SecretId: string, VersionId: string): Promise<string> {
  const { client, api } = await sm();
  const { SecretString } = await client.send(new api.GetSecretValueCommand({ SecretId, VersionId, VersionStage: 'AWSPENDING' }));
  if (!SecretString) throw new Error(`Version ${VersionId} of ${SecretId} has no value`);
  return SecretString;
}

async function createSecret(SecretId: string, token: string): Promise<void> {
  const { client, api } = await sm();
  // The current value must be readable (a rotation of a broken secret stops here).
  await client.send(new api.GetSecretValueCommand({ SecretId, VersionStage: 'AWSCURRENT' }));
  try {
    await pendingValue(SecretId, token);
    logger.info('origin secret rotation: the pending value exists already', { step: 'createSecret', versionId: token });
    return;
  } catch (error) {
    if (errorName(error) !== 'ResourceNotFoundException') throw error;
  }
  const { RandomPassword } = await client.send(
    new api.GetRandomPasswordCommand({ PasswordLength: ORIGIN_SECRET_LENGTH, ExcludePunctuation: true, IncludeSpace: false }),
  );
  if (!RandomPassword) throw new Error('Secrets Manager returned no random value');
  await client.send(new api.PutSecretValueCommand({ SecretId, ClientRequestToken: token, SecretString: RandomPassword, VersionStages: ['AWSPENDING'] }));
  logger.info('origin secret rotation: pending value created', { step: 'createSecret', versionId: token });
}

/** The custom headers that carry the origin secret, in every origin of the configuration. */
function originSecretHeaders(distribution: DistributionConfig) {
  const headers = (distribution.Origins?.Items ?? []).flatMap((origin) =>
    (origin.CustomHeaders?.Items ?? []).filter((h) => h.HeaderName?.toLowerCase() === ORIGIN_VERIFY_HEADER),
  );
  if (!headers.length) throw new Error(`No origin of distribution ${distributionId()} sends ${ORIGIN_VERIFY_HEADER}: nothing to rotate`);
  return headers;
}

async function readDistribution() {
  const { GetDistributionConfigCommand } = await import('@aws-sdk/client-cloudfront');
  const { DistributionConfig, ETag } = await (await cloudFront()).send(new GetDistributionConfigCommand({ Id: distributionId() }));
  if (!DistributionConfig || !ETag) throw new Error(`Distribution ${distributionId()} returned no configuration`);
  return { DistributionConfig, ETag };
}

async function setSecret(SecretId: string, token: string): Promise<void> {
  const value = await pendingValue(SecretId, token);
  const { UpdateDistributionCommand } = await import('@aws-sdk/client-cloudfront');
  for (let attempt = 1; ; attempt++) {
    const { DistributionConfig, ETag } = await readDistribution();
    const headers = originSecretHeaders(DistributionConfig);
    if (headers.every((h) => h.HeaderValue === value)) {
      logger.info('origin secret rotation: the distribution sends the pending value already', { step: 'setSecret', versionId: token });
      return;
    }
    for (const h of headers) h.HeaderValue = value;
    try {
      await (await cloudFront()).send(new UpdateDistributionCommand({ Id: distributionId(), IfMatch: ETag, DistributionConfig }));
      logger.info('origin secret rotation: the distribution sends the pending value', {
        step: 'setSecret',
        versionId: token,
        distributionId: distributionId(),
      });
      return;
    } catch (error) {
      if (errorName(error) !== 'PreconditionFailed' || attempt >= UPDATE_ATTEMPTS) throw error;
      logger.warn('origin secret rotation: the distribution changed while it was updated, reading it again', { attempt });
    }
  }
}

async function testSecret(SecretId: string, token: string): Promise<void> {
  const value = await pendingValue(SecretId, token);
  const { DistributionConfig } = await readDistribution();
  if (!originSecretHeaders(DistributionConfig).every((h) => h.HeaderValue === value)) {
    throw new Error(`Distribution ${distributionId()} does not send the pending origin secret: setSecret did not take`);
  }
}

async function finishSecret(SecretId: string, token: string, versions: Record<string, string[]>): Promise<void> {
  const { client, api } = await sm();
  const current = Object.entries(versions).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  await client.send(new api.UpdateSecretVersionStageCommand({ SecretId, VersionStage: 'AWSCURRENT', MoveToVersionId: token, RemoveFromVersionId: current }));
  logger.info('origin secret rotation: the new value is current', { step: 'finishSecret', versionId: token, previousVersionId: current });
}

export async function handler(event: RotationEvent): Promise<void> {
  const { SecretId, ClientRequestToken: token, Step } = event;
  const { client, api } = await sm();
  const secret = await client.send(new api.DescribeSecretCommand({ SecretId }));
  if (!secret.RotationEnabled) throw new Error(`Secret ${SecretId} does not have rotation enabled`);
  const versions = secret.VersionIdsToStages ?? {};
  const stages = versions[token] as string[] | undefined;
  if (!stages) throw new Error(`${token} is not a version of secret ${SecretId}`);
  if (stages.includes('AWSCURRENT')) {
    logger.info('origin secret rotation: the version is current already', { step: Step, versionId: token });
    return;
  }
  if (!stages.includes('AWSPENDING')) throw new Error(`Version ${token} of secret ${SecretId} is not staged AWSPENDING`);

  switch (Step) {
    case 'createSecret':
      return createSecret(SecretId, token);
    case 'setSecret':
      return setSecret(SecretId, token);
    case 'testSecret':
      return testSecret(SecretId, token);
    case 'finishSecret':
      return finishSecret(SecretId, token, versions);
    default:
      throw new Error(`Unknown rotation step ${String(Step)}`);
  }
}
