/**
 * `npm run vapid-keys -- --stage <dev|prod>`: makes the review reminders' VAPID key pair of a stage
 * once, in AWS (docs/infra.md "Reminders"): the pair goes into the Secrets Manager secret
 * `{stack}/vapid` the reminder job reads, and the public key is printed for the stage's
 * `vapidPublicKey` context. The private key is never printed or written to disk. A secret that
 * exists already is never replaced (every subscription is bound to its public key): its public
 * key is printed again.
 */
import webpush from 'web-push';
import { parseCli, usageError, type Help } from './cli.js';
import { STAGES } from '../cdk/context.js';
import { stackNameOf } from '../cdk/stack.js';
import { vapidSecretName } from '../cdk/constructs/reminders.js';

const HELP: Help = {
  usage: ['npm run vapid-keys -- --stage <dev|prod>'],
  about: `Makes the review reminders' VAPID key pair of a stage once, in the AWS account and region of your
credentials (AWS_PROFILE, AWS_REGION): both keys go into the secret <stack>/vapid, which the hourly
reminder job reads; the public key is printed, to set as the stage's vapidPublicKey context
(cdk.json or -c vapidPublicKey=...) before the next deploy. When the secret exists, nothing is made
and its public key is printed: a new pair would silently end every reminder already subscribed.`,
  options: [['--stage <dev|prod>', 'The stage whose secret to make.']],
  examples: ['AWS_PROFILE=parrot npm run vapid-keys -- --stage dev'],
};

const { values } = parseCli(HELP, { stage: { type: 'string' } });
const stage = STAGES.find((s) => s === values.stage) ?? usageError(HELP, `Give --stage ${STAGES.join(' or ')}.`);
const SecretId = vapidSecretName(stackNameOf(stage));
const { SecretsManagerClient, CreateSecretCommand, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
const client = new SecretsManagerClient({});
let publicKey: string;
try {
  const keys = webpush.generateVAPIDKeys();
  await client.send(
    new CreateSecretCommand({ Name: SecretId, Description: 'Review reminders: VAPID key pair (npm run vapid-keys)', SecretString: JSON.stringify(keys) }),
  );
  publicKey = keys.publicKey;
  console.log(`Made the secret ${SecretId}.`);
} catch (e) {
  if ((e as Error).name !== 'ResourceExistsException') throw e;
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId }));
  publicKey = (JSON.parse(SecretString ?? '{}') as { publicKey: string }).publicKey;
  console.log(`The secret ${SecretId} exists already: kept as it is.`);
}
console.log(`Set the stage's context before the next deploy:\n  "vapidPublicKey": "${publicKey}"`);
