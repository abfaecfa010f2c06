/**
 * `npm run cost` (infra/scripts/cost.ts): what it reads from a template, and how it rewrites
 * docs/cost.md (the generated section, the rows the template decides, the totals). On a small
 * hand-made template; tests/infra/cost.test.ts compares the real doc with the real prod template.
 */
import { describe, expect, it } from 'vitest';
import { BEGIN, costDoc, END, generatedSection, perMonth, PRICES, templateFigures, updateTables, type Template } from '../../infra/scripts/cost.js';

const stat = (name: string) => ({ Id: name.toLowerCase(), MetricStat: { Metric: { MetricName: name }, Period: 300, Stat: 'Sum' }, ReturnData: false });
const template: Template = {
  Resources: {
    Rate: { Type: 'AWS::CloudWatch::Alarm', Properties: { Metrics: [stat('Count'), stat('5xx'), { Id: 'e', Expression: 'IF(...)' }] } },
    Throttles: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: { Metrics: [stat('A'), stat('B'), stat('C'), { Id: 'e', Expression: 'SUM(FILL(METRICS(), 0))' }] },
    },
    Errors: { Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'Errors', Namespace: 'AWS/Lambda' } },
    Board: { Type: 'AWS::CloudWatch::Dashboard', Properties: {} },
    Api: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { STAGE: 'prod', ORIGIN_SECRET_ARN: 'arn' } } } },
    Render: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { STAGE: 'prod' } } } },
    Deploy: { Type: 'AWS::Lambda::Function', Properties: {} },
    Logs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } },
    Secret: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
    Rotation: { Type: 'AWS::SecretsManager::RotationSchedule', Properties: { RotationRules: { ScheduleExpression: 'rate(30 days)' } } },
    SweepA1B2C3D4: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'cron(30 3 * * ? *)' } },
    Due: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: 'rate(5 minutes)' } },
    Key: { Type: 'AWS::KMS::Key', Properties: {} },
    Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}, {}] } },
  },
};

describe('npm run cost', () => {
  const f = templateFigures(template);

  it('counts what CloudWatch bills: each metric an alarm reads, not each alarm', () => {
    expect(f).toMatchObject({ resources: 14, alarms: 3, alarmMetrics: 2 + 3 + 1, dashboards: 1, functions: 3, productFunctions: 2, secretReaders: 1 });
    expect(f).toMatchObject({ secrets: 1, rotations: ['rate(30 days)'], kmsKeys: 1, webAcls: 1, wafRules: 3 });
    // 3 versions every 5 minutes for 30 days.
    expect(f.secretReadsPerInstance).toBe(3 * 12 * 24 * 30);
  });

  it('counts the runs of each schedule a month', () => {
    expect(perMonth('rate(5 minutes)')).toBe(8640);
    expect(perMonth('rate(1 hour)')).toBe(720);
    expect(perMonth('cron(30 3 * * ? *)')).toBe(30);
    expect(perMonth('cron(0 9 ? * MON-FRI *)')).toBeUndefined();
    expect(f.schedules).toEqual([
      { name: 'Due', expression: 'rate(5 minutes)', perMonth: 8640 },
      { name: 'Sweep', expression: 'cron(30 3 * * ? *)', perMonth: 30 },
    ]);
  });

  it("rewrites the rows the template decides and adds each table's total up again, leaving the rest as written", () => {
    const doc = [
      '| line item | usage | list | after free tier |',
      '| --- | --- | --- | --- |',
      '| WAF | 1 web ACL + 3 rules + 0.4M requests | 8.24 | 8.24 |',
      '| CloudWatch alarms | 70 alarm metrics | 7.00 | 6.00 |',
      '| Secrets Manager | 2 secrets (the origin secret), ~40k reads | 1.00 | 1.00 |',
      '| KMS | 3 keys | 3.00 | 3.00 |',
      '| CloudWatch custom metrics | ~16, part of the month | ~1.50 | 0 |',
      '| **total** | | **≈ $99** | **≈ $99** |',
    ].join('\n');
    const rows = updateTables(doc, f).split('\n');
    expect(rows[2]).toBe('| WAF | 1 web ACL + 3 rules + 0.4M requests | 8.24 | 8.24 |');
    expect(rows[3]).toBe('| CloudWatch alarms | 6 alarm metrics | 0.60 | 0.00 |');
    expect(rows[4]).toBe('| Secrets Manager | 1 secret (the origin secret), ~40k reads | 0.60 | 0.60 |');
    expect(rows[5]).toBe('| KMS | 1 key | 1.00 | 1.00 |');
    // 8.24 + 0.60 + 0.60 + 1.00 + 1.50 = 11.94; 8.24 + 0 + 0.60 + 1.00 + 0 = 9.84.
    expect(rows[7]).toBe('| **total** |  | **≈ $12** | **≈ $10** |');
  });

  it('writes its section between the markers only, and refuses a doc that lost them', async () => {
    const doc = `# What it costs\n\nProse stays.\n\n${BEGIN}\nold figures\n${END}\n\nMore prose.\n`;
    const next = await costDoc(doc, f);
    expect(next).toContain('Prose stays.');
    expect(next).toContain('More prose.');
    expect(next).not.toContain('old figures');
    expect(next).toMatch(/CloudWatch alarms +\| 3 alarms reading 6 alarm metrics/);
    // 25,920 reads at $0.05 per 10k.
    expect(generatedSection(f)).toContain(`${((PRICES.secretCallsPer10k * f.secretReadsPerInstance) / 10_000).toFixed(2)} per instance kept warm`);
    await expect(costDoc('# no section\n', f)).rejects.toThrow(/generated section/);
  });
});
