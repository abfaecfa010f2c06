import { Duration } from 'aws-cdk-lib';
import { AlarmStatusWidget, Dashboard, GraphWidget, TextWidget, type Alarm, type IMetric, type Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { FAILURE_METRICS, type FailureMetric } from '../../../../functions/lib/failure-metrics.js';
import type { Watched } from './metrics.js';
import { ALARM_PERIOD } from './thresholds.js';

/** One dashboard: the alarms, then the API, the functions, the table and CloudFront, then what the code counts. */
export function operationsDashboard(scope: Construct, prefix: string, alarms: Alarm[], counted: (name: FailureMetric) => Metric, w: Watched): Dashboard {
  const { props, functions, apiRequests, api4xx, api5xx, dynamoThrottles, mail, cdn, cdnRequests, cdn5xxRate } = w;
  const { httpApi, table } = props;
  const period = ALARM_PERIOD;
  // Region-less metrics render in the dashboard's region; the CloudFront ones carry us-east-1.
  const perFunction = (metric: (fn: IFunction, label: string) => IMetric) => functions.map(([label, fn]) => metric(fn, label));
  const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: 8, height: 6 });
  return new Dashboard(scope, 'Dashboard', {
    dashboardName: `${prefix}-operations`,
    defaultInterval: Duration.days(1),
    widgets: [
      [
        new TextWidget({
          markdown: `# ${prefix}\nHTTP API, Lambda, DynamoDB and CloudFront. Alarms notify the SNS topic of this stack.`,
          width: 16,
          height: 3,
        }),
        new AlarmStatusWidget({ title: 'Alarms', alarms: alarms, width: 8, height: 3 }),
      ],
      [
        graph('API requests', [apiRequests.with({ label: 'Requests' })]),
        graph('API 4xx / 5xx', [api4xx.with({ label: '4xx' }), api5xx.with({ label: '5xx' })]),
        graph('API latency (ms)', [
          httpApi.metricLatency({ statistic: 'p50', period, label: 'p50' }),
          httpApi.metricLatency({ statistic: 'p99', period, label: 'p99' }),
          httpApi.metricIntegrationLatency({ statistic: 'p99', period, label: 'integration p99' }),
        ]),
      ],
      [
        graph(
          'Lambda invocations',
          perFunction((fn, label) => fn.metricInvocations({ statistic: 'Sum', period, label })),
        ),
        graph(
          'Lambda errors (left) / throttles (right)',
          perFunction((fn, label) => fn.metricErrors({ statistic: 'Sum', period, label: `${label} errors` })),
          perFunction((fn, label) => fn.metricThrottles({ statistic: 'Sum', period, label: `${label} throttles` })),
        ),
        graph(
          'Lambda duration p99 (ms)',
          perFunction((fn, label) => fn.metricDuration({ statistic: 'p99', period, label })),
        ),
      ],
      [
        graph('DynamoDB consumed capacity', [
          table.metricConsumedReadCapacityUnits({ statistic: 'Sum', period, label: 'Read units' }),
          table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', period, label: 'Write units' }),
        ]),
        graph('DynamoDB throttles', [
          dynamoThrottles,
          table.metric('ReadThrottleEvents', { statistic: 'Sum', period, label: 'Read throttle events' }),
          table.metric('WriteThrottleEvents', { statistic: 'Sum', period, label: 'Write throttle events' }),
        ]),
        graph(
          'CloudFront requests and error rates (%)',
          [cdnRequests.with({ label: 'Requests' })],
          [
            cdn('4xxErrorRate', 'Average').with({ label: '4xx %' }),
            cdn5xxRate.with({ label: '5xx %' }),
            cdn('TotalErrorRate', 'Average').with({ label: 'All errors %' }),
          ],
        ),
      ],
      [
        graph(
          'Failures the code counts',
          (Object.keys(FAILURE_METRICS) as FailureMetric[]).map((name) => counted(name).with({ label: name })),
        ),
        graph('Support mail (SES)', [mail('Send'), mail('Delivery'), mail('Bounce'), mail('Complaint'), mail('Reject')]),
      ],
    ],
  });
}
