/**
 * What the alarms watch and when they fire: every figure in one place (docs/infra.md explains each value).
 */
import { Duration } from 'aws-cdk-lib';
import { Operation } from 'aws-cdk-lib/aws-dynamodb';

/** Every alarm looks at 5-minute windows and fires on the first bad one (docs/infra.md explains each value). */
export const ALARM_PERIOD = Duration.minutes(5);
export const ALARM_THRESHOLDS = {
  /** % of API requests answered 4xx (an origin secret CloudFront no longer matches: all 403; a throttle storm: 429)... */
  api4xxRatePercent: 25,
  /** ...once the window has at least this many requests (a few 401s of expired tokens and 404s are normal). */
  api4xxMinRequests: 50,
  /** % of API requests answered 5xx... */
  api5xxRatePercent: 5,
  /** ...once the window has at least this many requests (3 failures out of 10 is noise, not an outage). */
  apiMinRequests: 20,
  /** Uncaught Lambda errors: middy turns handler exceptions into a logged 500, so these are timeouts, out-of-memory and init crashes. */
  functionErrors: 1,
  /** No function has reserved concurrency: any throttle means the account's concurrency quota is exhausted. */
  functionThrottles: 1,
  /** The render function's concurrent executions, in % of the account's quota (context `concurrencyQuota`): past it, page views start to get 429. */
  renderConcurrencyPercent: 80,
  /** The SDK retries a throttled request; several in one window mean a hot partition or the on-demand ceiling. */
  dynamoThrottledRequests: 5,
  /** % of CloudFront requests answered 5xx (render function, API or bucket origin failing)... */
  cdn5xxRatePercent: 5,
  /** ...once the window has at least this many viewer requests. */
  cdnMinRequests: 50,
  /** Pages the render function could not make (5xx, never cached): visitors without a cached copy saw the failure page. */
  renderFailures: 3,
  /** The render function's p99 duration (ms): pages that slow are a missed cache, a slow read or a cold start storm. */
  renderP99Ms: 3000,
  /** The API's p99 latency (ms), once the window has apiMinRequests requests. */
  apiP99Ms: 2000,
  /** DynamoDB's own 500s: not ours to fix, but the site is failing while they last. */
  dynamoSystemErrors: 1,
  /** Failures the code counts (functions/lib/failure-metrics.ts): each one is a page left stale, a mail or an audit entry lost. */
  countedFailures: 1,
  /** API requests refused for lacking the origin secret: scanners of the execute-api URL send a few; CloudFront with a value the functions refuse sends every request. */
  originRefusals: 10,
  /** % of support mails that bounced (the team's own address: any bounce is a misconfiguration), in an hour with a send. */
  mailBounceRatePercent: 5,
  /** % of support mails reported as spam; SES reviews an account from 0.1%. */
  mailComplaintRatePercent: 0.1,
  /** Requests the WAF blocked in 5 minutes: an attack, or a rule blocking real visitors (look at the sampled requests). */
  wafBlockedRequests: 100,
} as const;

/**
 * CloudWatch's limit of metrics in one alarm: the per-function throttle counts are summed in alarms of
 * at most this many functions each.
 */
export const METRICS_PER_ALARM = 10;

/** Mail events arrive minutes after the send: their rates are looked at per hour. */
export const MAIL_ALARM_PERIOD = Duration.hours(1);

/** Budget notifications, in % of `monthlyBudgetUsd`. */
export const BUDGET_ACTUAL_PERCENT = 80;
export const BUDGET_FORECAST_PERCENT = 100;

/**
 * The DynamoDB operations functions/data issues (via lib-dynamodb). ThrottledRequests counts a request
 * once whether the table or GSI1 throttled it; an alarm may combine at most 10 metrics, so the list
 * is explicit rather than CDK's default of every operation.
 */
export const DYNAMO_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];
