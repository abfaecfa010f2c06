/**
 * `npm run cost`: the figures of docs/cost.md that the prod template decides (how many alarms and
 * alarm metrics, dashboards, Lambda functions and log groups, secrets and their reads, schedules, KMS
 * keys, WAF rules), read from the prod stack synthesized offline (no bundling, a stand-in build, as
 * the infra tests synthesize it: tests/infra/synth.ts) and written into the doc: its generated
 * section and the matching rows of the monthly tables, whose totals are added up again. The prose
 * and the traffic assumptions stay as written. `--check` only says whether the doc is up to date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { ACCEPTED_STAGES, CACHE_MS } from '../../functions/lib/origin-secret.js';
import { parseCli } from './cli.js';

export const COST_DOC = fileURLToPath(new URL('../../docs/cost.md', import.meta.url));
/** The generated section of docs/cost.md lies between these two lines. */
export const BEGIN = '<!-- npm run cost: generated from the prod template, do not edit by hand -->';
export const END = '<!-- end of npm run cost -->';

/** us-east-1 list prices, as docs/cost.md "Prices" states them. */
export const PRICES = {
  alarmMetric: 0.1,
  freeAlarmMetrics: 10,
  dashboard: 3,
  secret: 0.4,
  secretCallsPer10k: 0.05,
  kmsKey: 1,
  wafAcl: 5,
  wafRule: 1,
  schedulerPerMillion: 1,
  freeSchedulerInvocations: 14_000_000,
};
const MONTH_MS = 30 * 24 * 3_600_000;
const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The properties this script reads, of the resource types that have them. */
interface Properties {
  [key: string]: unknown;
  Metrics?: { Id?: string; MetricStat?: unknown; Expression?: string }[];
  Environment?: { Variables?: Record<string, unknown> };
  RetentionInDays?: number;
  ScheduleExpression?: string;
  RotationRules?: { ScheduleExpression?: string };
  Rules?: unknown[];
}
type Resource = { Type: string; Properties?: Properties };
export type Template = { Resources: Record<string, Resource> };

export interface Figures {
  resources: number;
  alarms: number;
  /** What CloudWatch bills: one per metric an alarm reads (a metric-math alarm: each metric of its expression). */
  alarmMetrics: number;
  dashboards: number;
  functions: number;
  /** Functions of the product (they carry STAGE); the rest are CDK's helpers (bucket deployment...). */
  productFunctions: number;
  logGroups: { count: number; byRetentionDays: Record<string, number> };
  secrets: number;
  /** Functions whose environment names the origin secret: each warm instance reads it. */
  secretReaders: number;
  /** Reads a month by one instance kept warm all month: every accepted version, once per CACHE_MS. */
  secretReadsPerInstance: number;
  rotations: string[];
  scheduleGroups: number;
  /** Schedules of the template (EventBridge Scheduler and rules) with their invocations a month (undefined: not a plain rate). */
  schedules: { name: string; expression: string; perMonth?: number }[];
  kmsKeys: number;
  wafRules: number;
  webAcls: number;
}

const ofType = (t: Template, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);

/** Invocations a month of a schedule expression: rate(N unit), or a cron at fixed times of every day. */
export function perMonth(expression: string): number | undefined {
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  if (rate) return Math.round(MONTH_MS / (Number(rate[1]) * UNIT_MS[rate[2] as keyof typeof UNIT_MS]));
  const cron = /^cron\((\S+) (\S+) (\S+) (\S+) (\S+)(?: (\S+))?\)$/.exec(expression);
  if (cron && /^[\d,]+$/.test(cron[1]) && /^[\d,]+$/.test(cron[2]) && ['*', '?'].includes(cron[3]) && cron[4] === '*' && ['*', '?'].includes(cron[5])) {
    return 30 * cron[1].split(',').length * cron[2].split(',').length;
  }
  return undefined;
}

/** The figures of a synthesized template. */
export function templateFigures(t: Template): Figures {
  const alarms = ofType(t, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties ?? {});
  const functions = ofType(t, 'AWS::Lambda::Function').map(([, f]) => f.Properties?.Environment?.Variables ?? {});
  const byRetentionDays: Record<string, number> = {};
  const logGroups = ofType(t, 'AWS::Logs::LogGroup');
  for (const [, g] of logGroups) {
    const days = String(g.Properties?.RetentionInDays ?? 'never expire');
    byRetentionDays[days] = (byRetentionDays[days] ?? 0) + 1;
  }
  const schedules = [
    ...ofType(t, 'AWS::Scheduler::Schedule').map(([id, s]) => ({ name: id, expression: String(s.Properties?.ScheduleExpression) })),
    ...ofType(t, 'AWS::Events::Rule')
      .filter(([, r]) => r.Properties?.ScheduleExpression)
      .map(([id, r]) => ({ name: id, expression: String(r.Properties?.ScheduleExpression) })),
  ].map((s) => ({ name: s.name.replace(/[0-9A-F]{8}$/, ''), expression: s.expression, perMonth: perMonth(s.expression) }));
  return {
    resources: Object.keys(t.Resources).length,
    alarms: alarms.length,
    alarmMetrics: alarms.reduce((n, a) => n + (a.Metrics ? a.Metrics.filter((m) => m.MetricStat).length : 1), 0),
    dashboards: ofType(t, 'AWS::CloudWatch::Dashboard').length,
    functions: functions.length,
    productFunctions: functions.filter((env) => env.STAGE).length,
    logGroups: { count: logGroups.length, byRetentionDays },
    secrets: ofType(t, 'AWS::SecretsManager::Secret').length,
    secretReaders: functions.filter((env) => env.ORIGIN_SECRET_ARN).length,
    secretReadsPerInstance: Math.round((ACCEPTED_STAGES.length * MONTH_MS) / CACHE_MS),
    rotations: ofType(t, 'AWS::SecretsManager::RotationSchedule').map(([, r]) => String(r.Properties?.RotationRules?.ScheduleExpression)),
    scheduleGroups: ofType(t, 'AWS::Scheduler::ScheduleGroup').length,
    schedules,
    kmsKeys: ofType(t, 'AWS::KMS::Key').length,
    webAcls: ofType(t, 'AWS::WAFv2::WebACL').length,
    wafRules: ofType(t, 'AWS::WAFv2::WebACL').reduce((n, [, w]) => n + (w.Properties?.Rules?.length ?? 0), 0),
  };
}

const usd = (n: number) => n.toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');
export const alarmCost = (f: Figures) => ({
  list: f.alarmMetrics * PRICES.alarmMetric,
  free: Math.max(0, f.alarmMetrics - PRICES.freeAlarmMetrics) * PRICES.alarmMetric,
});

/** The generated section: what the prod template holds, and what it costs before any traffic. */
export function generatedSection(f: Figures): string {
  const alarms = alarmCost(f);
  const retention = Object.entries(f.logGroups.byRetentionDays)
    .map(([days, n]) => `${n} kept ${days === 'never expire' ? 'forever' : `${days} days`}`)
    .join(', ');
  const instanceReads = f.secretReadsPerInstance * (PRICES.secretCallsPer10k / 10_000);
  const scheduled = f.schedules.map((s) => `${s.name} \`${s.expression}\`${s.perMonth === undefined ? '' : ` (${count(s.perMonth)} runs)`}`).join('; ');
  const scheduledRuns = f.schedules.reduce((n, s) => n + (s.perMonth ?? 0), 0);
  const rows: [string, string, string][] = [
    ['CloudFormation resources', `${f.resources} of the 500 a stack may have`, ''],
    [
      'CloudWatch alarms',
      `${f.alarms} alarms reading ${f.alarmMetrics} alarm metrics (a metric-math alarm bills each metric it reads)`,
      `${usd(alarms.list)} (${usd(alarms.free)} after the ${PRICES.freeAlarmMetrics} free)`,
    ],
    ['CloudWatch dashboards', String(f.dashboards), usd(f.dashboards * PRICES.dashboard)],
    [
      'Lambda functions',
      `${f.functions}: ${f.productFunctions} of the product, ${f.functions - f.productFunctions} of CDK (deployments, log settings)`,
      'per use',
    ],
    ['CloudWatch log groups', `${f.logGroups.count}: ${retention}`, 'per GB'],
    ['Secrets Manager secrets', `${f.secrets}, rotated ${f.rotations.join(', ') || 'never'}`, usd(f.secrets * PRICES.secret)],
    [
      'origin secret reads',
      `${count(f.secretReadsPerInstance)} a month per warm instance (${ACCEPTED_STAGES.length} versions every ${CACHE_MS / 60_000} minutes); ${f.secretReaders} functions read it`,
      `${usd(instanceReads)} per instance kept warm all month`,
    ],
    [
      'schedules',
      `${f.scheduleGroups} scheduler group (one one-time schedule per scheduled release, made at run time); ${scheduled || 'no fixed schedule'}`,
      scheduledRuns > PRICES.freeSchedulerInvocations
        ? usd(((scheduledRuns - PRICES.freeSchedulerInvocations) / 1e6) * PRICES.schedulerPerMillion)
        : '0 (within the free invocations)',
    ],
    ['KMS keys', String(f.kmsKeys), usd(f.kmsKeys * PRICES.kmsKey)],
    ['WAF', `${f.webAcls} web ACL, ${f.wafRules} rules`, `${usd(f.webAcls * PRICES.wafAcl + f.wafRules * PRICES.wafRule)} + $0.60 per million requests`],
  ];
  return [BEGIN, '', '| in the prod template | count | a month (list) |', '| --- | --- | --- |', ...rows.map((r) => `| ${r.join(' | ')} |`), '', END].join(
    '\n',
  );
}

const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
const row = (c: string[]) => `| ${c.join(' | ')} |`;
const amount = (cell: string) => Number(cell.replace(/[~*≈$\s]/g, '')) || 0;

/**
 * The monthly tables' rows the template decides (alarms, dashboard, the secrets' fixed part, KMS),
 * and each table's total added up again from its rows.
 */
export function updateTables(doc: string, f: Figures): string {
  const alarms = alarmCost(f);
  const lines = doc.split('\n');
  let table: number[] = [];
  const out = lines.map((line, i) => {
    if (!line.startsWith('| ')) {
      table = [];
      return line;
    }
    const c = cells(line);
    if (c.length !== 4) return line;
    table.push(i);
    if (c[0] === 'CloudWatch alarms') return row([c[0], `${f.alarmMetrics} alarm metrics`, usd(alarms.list), usd(alarms.free)]);
    if (c[0] === 'CloudWatch dashboard') return row([c[0], String(f.dashboards), usd(f.dashboards * PRICES.dashboard), usd(f.dashboards * PRICES.dashboard)]);
    if (c[0] === 'KMS') return row([c[0], `${f.kmsKeys} key${f.kmsKeys === 1 ? '' : 's'}`, usd(f.kmsKeys * PRICES.kmsKey), usd(f.kmsKeys * PRICES.kmsKey)]);
    if (c[0] === 'Secrets Manager') {
      // The reads are a traffic assumption (warm instances), kept as written; the secrets are the template's.
      const reads = Number(/~(\d+)k reads/.exec(c[1])?.[1] ?? 0) * 1000;
      const cost = usd(f.secrets * PRICES.secret + (reads / 10_000) * PRICES.secretCallsPer10k);
      return row([c[0], c[1].replace(/^\d+ secrets?/, `${f.secrets} secret${f.secrets === 1 ? '' : 's'}`), cost, cost]);
    }
    return line;
  });
  // Totals: each '**total**' row of a four-column table, from the rows above it in that table.
  let start = -1;
  return out
    .map((line, i) => {
      if (!line.startsWith('| ')) {
        start = -1;
        return line;
      }
      if (start < 0) start = i;
      const c = cells(line);
      if (c.length !== 4 || c[0] !== '**total**') return line;
      const body = out.slice(start + 2, i).map(cells);
      const sum = (col: number) => body.reduce((n, r) => n + amount(r[col]), 0);
      return row([c[0], c[1], `**≈ $${Math.round(sum(2))}**`, `**≈ $${Math.round(sum(3))}**`]);
    })
    .join('\n');
}

/** docs/cost.md with the template's figures in it, formatted as Prettier formats the repository's Markdown. */
export async function costDoc(doc: string, f: Figures): Promise<string> {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${COST_DOC} has lost its generated section (the lines ${BEGIN} and ${END})`);
  const withSection = doc.slice(0, begin) + generatedSection(f) + doc.slice(end + END.length);
  return format(updateTables(withSection, f), { ...(await resolveConfig(COST_DOC)), filepath: COST_DOC });
}

/** The prod stack synthesized offline with a custom domain (its largest form), as the infra tests do. */
async function prodTemplate(): Promise<Template> {
  const { synthStage, realMail, hostedZoneId, removeTempDirs } = await import('../../tests/infra/synth.js');
  try {
    return synthStage({ stage: 'prod', ...realMail, domainName: 'phrases.parrot-phrases.org', hostedZoneId }).template;
  } finally {
    removeTempDirs();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseCli(
    {
      usage: ['npm run cost [-- --check]'],
      about: `Synthesizes the prod stack offline (no AWS call, no bundling) and writes the figures the template
decides into docs/cost.md: alarms and alarm metrics, dashboards, functions, log groups, secrets and
their reads, schedules, KMS keys, WAF rules, and the monthly tables' rows and totals that follow.`,
      options: [['--check', 'Change nothing; exit 1 if docs/cost.md is not what the template says.']],
      examples: ['npm run cost', 'npm run cost -- --check'],
    },
    { check: { type: 'boolean' } },
  );
  const doc = readFileSync(COST_DOC, 'utf8');
  const figures = templateFigures(await prodTemplate());
  const next = await costDoc(doc, figures);
  if (values.check) {
    if (next !== doc) {
      console.error('docs/cost.md does not match the prod template: run npm run cost');
      process.exit(1);
    }
    console.log('docs/cost.md matches the prod template.');
  } else {
    writeFileSync(COST_DOC, next);
    console.log(
      `docs/cost.md: ${figures.resources} resources, ${figures.alarms} alarms (${figures.alarmMetrics} alarm metrics), ${figures.functions} functions.`,
    );
  }
}
