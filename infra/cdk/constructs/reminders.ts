/**
 * The hourly review reminders (functions/jobs/reminders.ts, docs/learners.md "Reminders"): an
 * EventBridge rule runs the job at the top of every hour; it reads the rows listed under that UTC
 * hour (a GSI1 Query of the `REMINDERS#` lists only), files each under its next hour or deletes a
 * gone subscription (UpdateItem, DeleteItem of reminder rows only), and signs its Web Push with the
 * VAPID private key it reads from the stage's secret. That secret is made once by
 * `npm run vapid-keys` (never by the stack, so the key is in no template or repository, and a stack
 * replaced keeps it: docs/infra.md "Reminders"); the stack only names it and may read it.
 * A run that still fails after its retries is kept in the stage's dead-letter queue (./dead-letters.ts).
 */
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { keys, KEY_PREFIXES } from '../../../functions/lib/keys.js';
import { tableStatements } from './table-access.js';
import { FunctionConstruct, repoRoot } from './function.js';

/** Minute 0 of every hour: a learner's chosen hour starts then. */
export const REMINDERS_SCHEDULE = { minute: '0' } as const;
/** The secret `npm run vapid-keys` makes for a stack: `{ publicKey, privateKey }`. */
export const vapidSecretName = (stackName: string) => `${stackName}/vapid`;

export interface RemindersProps {
  readonly table: ITable;
  /** What functions/lib/config.ts reads (TABLE_NAME...); the secret's name is added here. */
  readonly environment: Record<string, string>;
  readonly stackName: string;
  /** The stage's dead-letter queue (./dead-letters.ts). */
  readonly deadLetters: IQueue;
}

export class Reminders extends FunctionConstruct {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: RemindersProps) {
    const secretName = vapidSecretName(props.stackName);
    super(scope, id, {
      fn: 'reminders',
      entry: join(repoRoot, 'functions', 'jobs', 'reminders.ts'),
      // Each push is one HTTPS request of a second or less; thousands of rows an hour fit in minutes.
      timeout: Duration.minutes(5),
      environment: { ...props.environment, VAPID_SECRET_ID: secretName },
    });
    const fn = this.function;

    // Its hour's list (GSI1, the REMINDERS#hh partitions only), and the rows themselves (refile, delete).
    const hourLists = keys.reminderHourPk(0).replace(/\d+$/, '*');
    for (const s of tableStatements(props.table, { lists: [hourLists], writes: [`${KEY_PREFIXES.reminder}*`], writeActions: ['UpdateItem', 'DeleteItem'] })) {
      fn.addToRolePolicy(s);
    }
    // Read only, by name: the stack neither makes nor changes it (a partial ARN: Secrets Manager adds a random suffix).
    Secret.fromSecretNameV2(this, 'Vapid', secretName).grantRead(fn);

    this.rule = new Rule(this, 'Hourly', {
      description: 'Sends the review reminders of this hour (functions/jobs/reminders.ts)',
      schedule: Schedule.cron(REMINDERS_SCHEDULE),
      // EventBridge retries an invocation it could not make, then keeps the event in the dead-letter queue;
      // a reminder later than an hour is for the wrong hour, so the event is not kept longer.
      targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.hours(1), deadLetterQueue: props.deadLetters })],
    });
    // Asynchronous: Lambda retries a failed run twice (rows sent already carry today's date: never sent
    // twice), then keeps the event in the dead-letter queue.
    fn.configureAsyncInvoke({ onFailure: new SqsDestination(props.deadLetters), retryAttempts: 2, maxEventAge: Duration.hours(1) });
  }
}
