/**
 * Cognito: a user pool of pre-authorised administrators (no public registration by default), the
 * `admins` group the handlers check, and the public app client the SPA and the companion app use.
 * With `learnerSignUp`, learners may register themselves for the companion app (e-mail verified by
 * code); they are never in `admins`, and the web's /auth still signs in administrators only.
 * With `retain` (prod) the pool outlives the stack and cannot be deleted by accident.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, Mfa, UserPool, UserPoolClient, UserPoolGroup } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { acknowledge } from './function.js';

import { ADMIN_GROUP, PRODUCT_NAME } from '../../../shared/product.js';
import { EDITOR_GROUP, EDITOR_POSTS_GROUP } from '../../../shared/roles.js';
import { invitationMessage, PASSWORD_POLICY } from '../../../shared/invitation.js';

export interface AuthProps {
  learnerSignUp?: boolean;
  retain?: boolean;
  mfa?: 'required' | 'optional';
  /** Named in the invitation mail (docs/back-office.md "Inviting the team"). */
  productName?: string;
  /** Where the invitation links /auth: a custom domain (the CloudFront name would be a dependency cycle). */
  siteUrl?: string;
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly adminsGroup: UserPoolGroup;
  /** Token issuer, as the HTTP API JWT authorizer expects it. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, { learnerSignUp = false, retain = true, mfa = 'optional', productName = PRODUCT_NAME, siteUrl }: AuthProps = {}) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      // No public registration: only pre-authorised administrators sign in on the web (learnerSignUp opens it for the app).
      selfSignUpEnabled: learnerSignUp,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(PASSWORD_POLICY.tempPasswordValidityDays),
      },
      // The invitation an administrator sends from the back office (AdminCreateUser): Cognito's own mail.
      userInvitation: (({ subject, body }) => ({ emailSubject: subject, emailBody: body }))(invitationMessage(productName, siteUrl)),
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // TOTP only (no SMS: no phone numbers, no SMS costs); /auth sets it up at the first sign-in.
      mfa: mfa === 'required' ? Mfa.REQUIRED : Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: retain,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    if (mfa !== 'required') {
      acknowledge(
        this.userPool,
        'AwsSolutions-COG2',
        'MFA is optional only in dev, or where learners sign up (Cognito requires MFA of every user or of none); administrators can still enrol TOTP at /auth. Prod without learner sign-up requires it (context key mfa).',
      );
    }
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Administrators plus (when learnerSignUp is on) learners of the free app: the Plus tier (threat protection, adaptive auth) is billed per MAU and its adaptive MFA challenges are not handled by the SPA; Essentials is the deliberate plan.',
    );

    this.adminsGroup = this.userPool.addGroup('AdminsGroup', {
      groupName: ADMIN_GROUP,
      description: 'Administrators of the back office (checked by every admin handler).',
    });
    // Editors (shared/roles.ts); the users function creates each language's group (`editors#es`) when first given.
    this.userPool.addGroup('EditorsGroup', { groupName: EDITOR_GROUP, description: 'Editors of the course content of their languages, and of blog posts.' });
    this.userPool.addGroup('EditorsPostsGroup', { groupName: EDITOR_POSTS_GROUP, description: 'Editors who may also publish blog posts.' });

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
      // Short-lived: a token outlives nothing for long (the SPA refreshes silently with the refresh token,
      // which removing an admin revokes); admin routes re-check the group on top of this.
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.days(30),
    });

    this.issuer = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
