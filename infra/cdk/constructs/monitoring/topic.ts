import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/**
 * SSE with a customer-managed key: CloudWatch and Budgets cannot publish to a topic encrypted with the
 * AWS-managed aws/sns key (its policy cannot grant them), so the key policy grants both services.
 */
export function alarmTopic(scope: Construct, prefix: string): Topic {
  const { account, region, partition } = Stack.of(scope);
  const key = new Key(scope, 'TopicKey', {
    description: `Encrypts the ${prefix} alarm topic`,
    enableKeyRotation: true,
    // Only in-flight notifications are encrypted with it; nothing to keep after the stack is gone.
    removalPolicy: RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(7),
  });
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsUseKey',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:SourceAccount': account } },
    }),
  );
  // No condition: it is not documented that Budgets passes aws:SourceAccount to KMS, and the topic
  // policy below already limits publishing to this account's budgets.
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'BudgetsUseKey',
      principals: [new ServicePrincipal('budgets.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }),
  );

  const topic = new Topic(scope, 'Topic', {
    displayName: `${prefix} alarms`.slice(0, 100),
    masterKey: key,
    enforceSSL: true,
  });
  // A topic policy replaces SNS's default one, so CloudWatch needs its own statement as well.
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': account },
        ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
      },
    }),
  );
  // aws:SourceAccount only: an ArnLike on aws:SourceArn is known to stop Budgets from publishing.
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'BudgetsPublish',
      principals: [new ServicePrincipal('budgets.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': account } },
    }),
  );
  return topic;
}
