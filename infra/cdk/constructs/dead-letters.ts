/**
 * The stage's one dead-letter queue (docs/infra.md "Nothing asynchronous is lost"): where every
 * asynchronous call that failed for good lands instead of being dropped. EventBridge Scheduler sends
 * the release and sweep invocations it could not make (each schedule's DeadLetterConfig, with its
 * execution role); Lambda sends the events its functions failed after its two retries (the release
 * function's and the media sweep's on-failure destinations, with their own roles); EventBridge sends
 * the media sweep's daily event it could not deliver (the rule target's dead-letter queue, allowed by
 * the queue policy). One queue, one depth alarm: any message is work to look at (docs/infra.md has
 * the runbook).
 *
 * Encrypted with SQS-managed keys (SSE-SQS): every sender above may write to it with its usual
 * permission alone, where a KMS key would need a grant in its policy for each of them.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './function.js';

export class DeadLetters extends Construct {
  readonly queue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // SQS's longest: two weeks to look at a message after its alarm.
      retentionPeriod: Duration.days(14),
      // A message is a failure report, not data: it goes with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.queue,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue of the stage: nothing consumes it, an operator reads each message (docs/infra.md runbook).',
    );
  }

  /** Messages waiting: any is a failure nobody has handled yet. */
  metricWaiting(): Metric {
    return this.queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: Duration.minutes(5) });
  }
}
