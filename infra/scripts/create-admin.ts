/**
 * `npm run create-admin -- --stage <dev|prod> <email>`: the first administrator of a deployed stage.
 * Finds the user pool in the stack's outputs, creates a confirmed user (e-mail verified, no
 * invitation sent) with a generated temporary password, and adds them to `admins`. The first
 * sign-in at /auth asks for a new password (and, where MFA is required, sets up an authenticator).
 *
 * `npm run create-admin -- <email> <password>`: the same in the local twin (running, same PORT and
 * DATA_DIR as `npm start`), with a permanent password.
 */
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ADMIN_GROUP } from '../../shared/product.js';
import { parseCli, usageError, type Help } from './cli.js';

const HELP: Help = {
  usage: ['npm run create-admin -- --stage <dev|prod> <email>   (a deployed stage)', 'npm run create-admin -- <email> <password>        (the local twin)'],
  about: `Creates an administrator (a confirmed user in the admins group).
With --stage: in the deployed stack's user pool (found from its outputs; needs AWS credentials),
with a generated temporary password, printed once; the first sign-in at /auth asks for a new one.
Without: in the running local twin (npm start), with the password given.`,
  options: [['--stage <dev|prod>', 'The deployed stage whose user pool gets the administrator.']],
  env: [
    ['AWS_PROFILE, AWS_REGION', 'With --stage: the AWS credentials and region of the stack (the SDK reads them as usual).'],
    ['PORT', "Without --stage: the twin's port (default 3000), as for npm start."],
    ['DATA_DIR', "Without --stage: the twin's data folder (default .data), as for npm start."],
  ],
  examples: ['npm run create-admin -- --stage dev you@example.com', 'npm run create-admin -- you@example.com "A-long-Passw0rd!"'],
};
const { values, positionals } = parseCli(HELP, { stage: { type: 'string' } }, { positionals: true });
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

/** A password Cognito's policy accepts (12+ characters, upper, lower, digit, symbol), used once. */
const temporaryPassword = () => `Tmp-${randomBytes(9).toString('base64url')}-7a!`;

async function forStage(stage: string, email: string) {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const { stackNameOf } = await import('../cdk/stack.js');
  const stackName = stackNameOf(stage as never);
  const stack = (await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
  const output = (key: string) => stack?.Outputs?.find((o) => o.OutputKey === key)?.OutputValue;
  const userPoolId = output('UserPoolId') ?? fail(`Stack ${stackName} has no UserPoolId output: deploy it first (npm run deploy -- -c stage=${stage}).`);
  const cognito = new CognitoIdentityProviderClient({});
  const password = temporaryPassword();
  const user = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      TemporaryPassword: password,
      MessageAction: 'SUPPRESS', // no SMS or e-mail invitation: the password is printed here, once
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const username = user.User?.Username;
  if (!username) throw new Error(`Cognito created ${email} but did not return its username: add it to the ${ADMIN_GROUP} group in the console`);
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMIN_GROUP }));
  console.log(`Administrator ${email} created in ${stackName}.
  Sign in at ${output('SiteUrl') ?? 'the site'}/auth with the temporary password below; you will choose your own.
  Temporary password (valid 3 days): ${password}`);
}

async function forTwin(email: string, password: string) {
  const { ensureUser, localClients, readState } = await import('../twin/bootstrap.js');
  const { portsFor } = await import('../twin/services.js');
  const { ROOT } = await import('../twin/twin.js');
  const state = readState(process.env.DATA_DIR ?? path.join(ROOT, '.data')) ?? fail('No local twin found: run npm start first.');
  const { cognito } = localClients(portsFor(Number(process.env.PORT ?? 3000)));
  await ensureUser(cognito, state.userPoolId, email, password, true);
  console.log(`Admin ${email} is ready: sign in at /auth.`);
}

try {
  if (values.stage) await forStage(values.stage, positionals.length === 1 ? positionals[0] : usageError(HELP, 'With --stage, give one e-mail address.'));
  else if (positionals.length === 2) await forTwin(positionals[0], positionals[1]);
  else usageError(HELP, 'Give --stage and an e-mail address (AWS), or an e-mail address and a password (the local twin).');
} catch (e) {
  fail(`Could not create the administrator: ${(e as Error).name}: ${(e as Error).message}`);
}
