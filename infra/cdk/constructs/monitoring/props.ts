/**
 * What the Monitoring construct is given, and the check that refuses props no deploy could use.
 */
import { Token } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';

export interface MonitoringProps {
  /** dev, prod...: part of the alarm, budget and dashboard names, so two stages can share an account. */
  readonly stage: string;
  /** Subscribed to the topic (SNS sends a confirmation mail first). Without it the topic has no subscriber. */
  readonly alarmEmail?: string;
  /** Monthly cost budget in USD (the whole account's cost, see docs/infra.md). */
  readonly monthlyBudgetUsd: number;
  readonly httpApi: HttpApi;
  /** The API functions and the render function: each has its own `Errors-{label}` alarm (a release of it rolls back on it). */
  readonly functions: readonly IFunction[];
  /**
   * The functions no release shifts (scheduled jobs, the deploy's own hook and invalidation): their
   * errors share `JobErrors-{n}` alarms, which name them (one resource per ten, not one each). @default none
   */
  readonly jobs?: readonly IFunction[];
  readonly table: ITable;
  readonly distribution: IDistribution;
  /** The render function (also in `functions`): its p99 duration and its concurrency are alarmed. */
  readonly renderFunction: IFunction;
  /** The account's Lambda concurrent executions quota in this region (context `concurrencyQuota`). @default DEFAULT_CONCURRENCY_QUOTA */
  readonly concurrencyQuota?: number;
  /** The SES configuration set the support mail is sent with (infra/cdk/constructs/mail.ts). */
  readonly mailConfigurationSet: string;
  /** The web ACL's CloudWatch metric name, when the stack has its own WAF. */
  readonly webAclMetricName?: string;
}

/** Refuses props no deploy could use (a stage that cannot name resources, no budget, a malformed address); the alarm address, trimmed. */
export function checkedProps(props: MonitoringProps) {
  if (!/^[A-Za-z0-9-]+$/.test(props.stage)) throw new Error(`Monitoring: stage "${props.stage}" must be letters, digits and hyphens`);
  if (!(Number.isFinite(props.monthlyBudgetUsd) && props.monthlyBudgetUsd > 0)) {
    throw new Error(`Monitoring: monthlyBudgetUsd must be a positive number of USD, got ${props.monthlyBudgetUsd}`);
  }
  if (props.concurrencyQuota !== undefined && !(Number.isInteger(props.concurrencyQuota) && props.concurrencyQuota > 0)) {
    throw new Error(`Monitoring: concurrencyQuota must be a positive whole number of concurrent executions, got ${props.concurrencyQuota}`);
  }
  const email = props.alarmEmail?.trim();
  if (email && !Token.isUnresolved(email) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new Error(`Monitoring: alarmEmail "${email}" is not an e-mail address`);
  }
  return email;
}
