/**
 * The daily media sweep (functions/jobs/media-sweep.ts): an EventBridge rule runs it once a day
 * and it deletes the media no item references any more (docs/security.md "Stored media"). Its role
 * may Scan the table (nothing else of it) and list and delete objects under the media prefixes of
 * the two data buckets only (MEDIA_PREFIXES): it can neither write media nor touch other keys.
 * A run that still fails after its retries is kept in the stage's dead-letter queue (./dead-letters.ts),
 * whether EventBridge could not invoke the function or the function failed the event.
 */
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { MEDIA_PREFIXES } from '../../../functions/lib/media.js';
import { acknowledge, FunctionConstruct, nagRef, repoRoot } from './function.js';

/** 03:30 UTC: the quietest hour for most sites, well away from the 24 h grace period's edge. */
export const MEDIA_SWEEP_SCHEDULE = { minute: '30', hour: '3' } as const;

export interface MediaSweepProps {
  readonly table: ITable;
  readonly contentBucket: IBucket;
  readonly assetsBucket: IBucket;
  /** What functions/lib/config.ts reads (TABLE_NAME...); the bucket names are added here. */
  readonly environment: Record<string, string>;
  /** The stage's dead-letter queue (./dead-letters.ts). */
  readonly deadLetters: IQueue;
}

export class MediaSweep extends FunctionConstruct {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: MediaSweepProps) {
    super(scope, id, {
      fn: 'media-sweep',
      entry: join(repoRoot, 'functions', 'jobs', 'media-sweep.ts'),
      // One Scan of the table and a listing of the media: minutes at most, even for a large site.
      timeout: Duration.minutes(5),
      environment: {
        ...props.environment,
        CONTENT_BUCKET: props.contentBucket.bucketName,
        ASSETS_BUCKET: props.assetsBucket.bucketName,
      },
    });
    const fn = this.function;

    // The table: one Scan a day, of the base table only (no index, no writes).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [props.table.tableArn] }));

    for (const [kind, bucket] of [
      ['content', props.contentBucket],
      ['assets', props.assetsBucket],
    ] as const) {
      const prefixes = MEDIA_PREFIXES[kind];
      // Listing is a bucket action: bounded by the prefix the request names.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': prefixes.map((p) => `${p}*`) } },
        }),
      );
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: prefixes.map((p) => bucket.arnForObjects(`${p}*`)) }));
      for (const p of prefixes) {
        acknowledge(
          this.appFunction,
          `AwsSolutions-IAM5[Resource::${nagRef(bucket)}/${p}*]`,
          'Media keys are generated at upload time; the sweep may delete objects under this one media prefix only (not write or read them).',
        );
      }
    }

    this.rule = new Rule(this, 'Daily', {
      description: 'Deletes media that no item references any more (functions/jobs/media-sweep.ts)',
      schedule: Schedule.cron(MEDIA_SWEEP_SCHEDULE),
      // EventBridge retries an invocation it could not make, then keeps the event in the dead-letter queue.
      targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.hours(6), deadLetterQueue: props.deadLetters })],
    });
    // The invocation is asynchronous: Lambda retries a failed run twice (the sweep is idempotent), then
    // keeps the event in the dead-letter queue; the next day's run catches up anyway.
    fn.configureAsyncInvoke({ onFailure: new SqsDestination(props.deadLetters), retryAttempts: 2 });
  }
}
