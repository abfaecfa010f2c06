/**
 * CloudFront's origin secret (docs/security.md "Origin secret"): a random value in Secrets Manager
 * that CloudFront sends to the HTTP API as ORIGIN_VERIFY_HEADER, and without which the API functions
 * refuse a request (functions/lib/origin-secret.ts), so the raw execute-api URL cannot be used to go
 * around CloudFront, its WAF and the per-client limits.
 *
 * The value is never in the template: the distribution's custom header is a CloudFormation dynamic
 * reference (`{{resolve:secretsmanager:...}}`, resolved by CloudFormation at deploy time), and the
 * functions get the secret's ARN (the API construct grants them GetSecretValue on it, and nothing
 * else of Secrets Manager). Every 30 days the rotation function (functions/jobs/rotate-origin-secret.ts)
 * puts a new value in the distribution's configuration, then makes it current.
 */
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { RotationSchedule, Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_LENGTH } from '../../../functions/lib/origin-secret.js';
import { acknowledge, FunctionConstruct, repoRoot } from './function.js';

/** How often the value changes. An operator can rotate at any time (docs/security.md). */
export const ORIGIN_SECRET_ROTATION = Duration.days(30);

/**
 * Lets `fn` check requests against the secret (functions/lib/origin-secret.ts): its ARN, never its
 * value, in `variable`, and GetSecretValue on that one secret, nothing else of Secrets Manager.
 */
export function grantOriginCheck(fn: LambdaFunction, secret: ISecret, variable = 'ORIGIN_SECRET_ARN'): void {
  fn.addEnvironment(variable, secret.secretArn);
  fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
}

export interface OriginSecretRotationProps {
  /** The distribution whose /api/* origin sends the secret: the only one the rotation may read and update. */
  readonly distribution: IDistribution;
  /**
   * The distribution's WAF web ACL, if any: CloudFront checks that whoever updates the distribution
   * may read the web ACL it names, so the rotation may read (only read) that one.
   */
  readonly webAclArn?: string;
}

export class OriginSecret extends Construct {
  readonly secret: Secret;
  /**
   * The value of CloudFront's custom origin header: a CloudFormation dynamic reference to the
   * secret's current version, never the value itself.
   */
  readonly headerValue: string;
  /** Made by `rotateWith`, once the distribution exists (it names the secret, the rotation names it). */
  rotation?: FunctionConstruct;
  schedule?: RotationSchedule;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'The value CloudFront sends to the HTTP API as x-origin-verify (docs/security.md "Origin secret"); rotated every 30 days.',
      // Letters and digits only (a header value), as long as every rotated value (ORIGIN_SECRET_LENGTH).
      generateSecretString: { passwordLength: ORIGIN_SECRET_LENGTH, excludePunctuation: true, includeSpace: false },
    });
    this.headerValue = this.secret.secretValue.unsafeUnwrap();
  }

  /** Adds the rotation function and its 30-day schedule, for the distribution that sends the secret. */
  rotateWith(props: OriginSecretRotationProps): FunctionConstruct {
    if (this.rotation) throw new Error('The origin secret has a rotation already');
    const { distribution } = props;
    const rotation = new FunctionConstruct(this, 'Rotation', {
      fn: 'rotate-origin-secret',
      entry: join(repoRoot, 'functions', 'jobs', 'rotate-origin-secret.ts'),
      // Four short steps of a few API calls each; UpdateDistribution returns before CloudFront deploys.
      timeout: Duration.minutes(1),
      environment: { CDN_DISTRIBUTION_ID: distribution.distributionId },
    });
    const fn = rotation.function;
    // This one distribution: read its configuration, and write it back with the new header value.
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'], resources: [distribution.distributionArn] }),
    );
    if (props.webAclArn) fn.addToRolePolicy(new PolicyStatement({ actions: ['wafv2:GetWebACL'], resources: [props.webAclArn] }));

    // No dead-letter queue or on-failure destination: those catch asynchronous invocations, and
    // Secrets Manager invokes a rotation function synchronously, once per step, retrying the whole
    // rotation itself when a step fails (the secret keeps its current value meanwhile).
    // https://docs.aws.amazon.com/lambda/latest/dg/with-secrets-manager.html
    // https://docs.aws.amazon.com/secretsmanager/latest/userguide/rotate-secrets_lambda.html
    // A failed rotation is therefore the function's own error, alarmed like every function's (the
    // stack's Monitoring: Errors-rotate-origin-secret; docs/infra.md has the runbook).
    // RotationSchedule grants the function DescribeSecret, GetSecretValue, PutSecretValue and
    // UpdateSecretVersionStage on this secret, GetRandomPassword, and lets Secrets Manager invoke it.
    this.schedule = this.secret.addRotationSchedule('Schedule', {
      rotationLambda: fn,
      automaticallyAfter: ORIGIN_SECRET_ROTATION,
      // The first value is random already. Rotating during a deploy would race CloudFormation's own
      // update of the distribution (both use IfMatch: one of them would fail).
      rotateImmediatelyOnUpdate: false,
    });
    acknowledge(
      rotation.appFunction,
      'AwsSolutions-IAM5[Resource::*]',
      'secretsmanager:GetRandomPassword (granted by the CDK RotationSchedule; createSecret draws the new value with it) has no resource-level permissions; the API requires Resource "*".',
    );
    this.rotation = rotation;
    return rotation;
  }
}
