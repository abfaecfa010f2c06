/**
 * The metrics both the alarms and the dashboard read, made once per stack.
 */
import { Duration, Stack, Token } from 'aws-cdk-lib';
import { Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { FAILURE_METRICS, METRICS_NAMESPACE, METRICS_SERVICE, STAGE_DIMENSION, type FailureMetric } from '../../../../functions/lib/failure-metrics.js';
import { MAIL_DIMENSION } from '../mail.js';
import type { MonitoringProps } from './props.js';
import { ALARM_PERIOD, DYNAMO_OPERATIONS, MAIL_ALARM_PERIOD } from './thresholds.js';

/** The metrics both the alarms and the dashboard show, made once. */
export interface Watched {
  props: MonitoringProps;
  /** Every watched function: the released ones, then the jobs. */
  functions: [string, IFunction][];
  jobs: [string, IFunction][];
  apiRequests: Metric;
  api5xx: Metric;
  api4xx: Metric;
  dynamoThrottles: IMetric;
  /** One of SES's counts of the stage's configuration set, per hour. */
  mail: (metricName: string) => Metric;
  /** One of the distribution's metrics (us-east-1 only, Region=Global). */
  cdn: (metricName: string, statistic: string) => Metric;
  cdnRequests: Metric;
  cdn5xxRate: Metric;
  /** Whether the stack is where CloudFront's (and a CLOUDFRONT-scope WAF's) metrics are, so an alarm on them can live here. */
  inUsEast1: boolean;
}

export function watchedMetrics(scope: Construct, props: MonitoringProps): Watched {
  const { httpApi, table, distribution } = props;
  const period = ALARM_PERIOD;
  const mail = (metricName: string) =>
    new Metric({
      namespace: 'AWS/SES',
      metricName,
      dimensionsMap: { [MAIL_DIMENSION]: props.mailConfigurationSet },
      statistic: 'Sum',
      period: MAIL_ALARM_PERIOD,
    });
  // CloudFront publishes its metrics in us-east-1 only, with Region=Global. An alarm must live in its
  // metric's region; the site stack is deployed there (the CLOUDFRONT-scope WAF requires it).
  const cdn = (metricName: string, statistic: string) =>
    new Metric({
      namespace: 'AWS/CloudFront',
      metricName,
      dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
      region: 'us-east-1',
      statistic,
      period,
    });
  const { region } = Stack.of(scope);
  return {
    props,
    functions: labelled([...props.functions, ...(props.jobs ?? [])]),
    jobs: labelled(props.jobs ?? []),
    apiRequests: httpApi.metricCount({ statistic: 'Sum', period }),
    api5xx: httpApi.metricServerError({ statistic: 'Sum', period }),
    api4xx: httpApi.metricClientError({ statistic: 'Sum', period }),
    dynamoThrottles: table.metricThrottledRequestsForOperations({ operations: DYNAMO_OPERATIONS, period }),
    mail,
    cdn,
    cdnRequests: cdn('Requests', 'Sum'),
    cdn5xxRate: cdn('5xxErrorRate', 'Average'),
    inUsEast1: Token.isUnresolved(region) || region === 'us-east-1',
  };
}

/** A failure the code counts (functions/lib/failure-metrics.ts), with Powertools' service dimension and this stage's. */
export function countedMetric(stage: string, name: FailureMetric, period: Duration): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: FAILURE_METRICS[name],
    dimensionsMap: { service: METRICS_SERVICE, [STAGE_DIMENSION]: stage },
    statistic: 'Sum',
    period,
  });
}

/**
 * Readable, unique names for the functions: AppFunction builds `Fn-{module}/Function`, so its
 * parent's id names the handler module; any other function keeps its own id.
 */
function labelled(functions: readonly IFunction[]): [string, IFunction][] {
  const seen = new Map<string, IFunction>();
  for (const fn of functions) {
    const own = fn.node.id;
    const label = (own === 'Function' && fn.node.scope ? fn.node.scope.node.id : own).replace(/^Fn-/, '');
    if (seen.has(label)) throw new Error(`Monitoring: two functions are both named "${label}"`);
    seen.set(label, fn);
  }
  return [...seen];
}
