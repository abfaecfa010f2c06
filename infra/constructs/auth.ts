/**
 * Cognito: a user pool where only pre-authorised administrators exist (no public registration),
 * the `admins` group the handlers check, and the SPA's public app client.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, Mfa, UserPool, UserPoolClient, UserPoolGroup } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { acknowledge } from './function.js';

/** Same group name as functions/lib/auth.ts ADMIN_GROUP. */
export const ADMINS_GROUP = 'admins';

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly adminsGroup: UserPoolGroup;
  /** Token issuer, as the HTTP API JWT authorizer expects it. */
  readonly issuer: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      // The spec: "Public registration is disabled; only pre-authorized administrators sign in".
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.userPool, 'AwsSolutions-COG2',
      'Sign-in is limited to a handful of pre-created administrators with 12+ character complex passwords; the admin SPA signs in with USER_PASSWORD_AUTH/SRP and has no MFA enrolment or challenge screens yet, so requiring MFA would lock every administrator out.');
    acknowledge(this.userPool, 'AwsSolutions-COG8',
      'Admin-only pool without self sign-up: the Plus tier (threat protection, adaptive auth) is billed per MAU and its adaptive MFA challenges are not handled by the SPA; Essentials is the deliberate plan.');

    this.adminsGroup = this.userPool.addGroup('AdminsGroup', {
      groupName: ADMINS_GROUP,
      description: 'Administrators of the back office (checked by every admin handler).',
    });

    this.client = this.userPool.addClient('WebClient', {
      // A browser SPA cannot keep a secret.
      generateSecret: false,
      // USER_PASSWORD_AUTH is what the local twin (cognito-local, no SRP) supports; SRP for Amplify
      // in AWS. Refresh-token auth is always added by CDK.
      authFlows: { userPassword: true, userSrp: true },
      // No hosted UI: sign-in happens in the SPA through Amplify Auth.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    this.issuer = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
