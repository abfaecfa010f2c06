/**
 * cfn-lint (AWS's CloudFormation linter: resource specs, property types and values, references,
 * dependency cycles) on the dev and prod templates, as `cdk deploy` would upload them. No error may
 * pass; a warning only when its rule is listed below with the reason it is accepted.
 *
 * cfn-lint is a Python tool, not an npm package: `pip install cfn-lint` (or `pipx install cfn-lint`).
 * By hand: `npm run synth` then `cfn-lint --ignore-checks W3005 -- cdk.out/*.template.json`.
 */
import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostedZoneId, realMail, removeTempDirs, SYNTH_TIMEOUT, synthStage, tempDir } from './synth.js';

afterAll(removeTempDirs);

/** Warnings accepted, each with why. A rule that no longer fires must leave this list (the test says so). */
const IGNORED_CHECKS: Record<string, string> = {
  W3005:
    'Redundant DependsOn: CDK adds an explicit DependsOn on the service role (and its policy) of every Lambda it makes, ' +
    'ours and its own custom-resource handlers, next to the GetAtt of the role that already orders them. Harmless, and not ours to remove.',
};

type Finding = {
  Filename: string;
  Level: 'Error' | 'Warning' | 'Informational';
  Rule: { Id: string };
  Message: string;
  Location: { Path: (string | number)[] };
};

describe('cfn-lint', () => {
  it('finds no error in the dev and prod templates, and no warning but the listed ones', { timeout: SYNTH_TIMEOUT }, async () => {
    const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
    if (version.error) {
      throw new Error(
        `cfn-lint is not installed (${version.error.message}). It is a Python tool: install it with \`pip install cfn-lint\` ` +
          '(or `pipx install cfn-lint`), then run `npm run test:infra` again.',
      );
    }

    // The stages as an operator deploys them: dev plain; prod with everything optional (custom domain,
    // DKIM records, certificate, WAF, alarm subscription) and the SES identities it owns.
    const dir = tempDir('parrot-lint-');
    const templates = {
      dev: synthStage({ stage: 'dev', ...realMail }).template,
      prod: synthStage({ stage: 'prod', ...realMail, domainName: 'phrases.parrot-phrases.org', hostedZoneId }).template,
    };
    const write = (name: string, template: unknown) => {
      const file = join(dir, `${name}.template.json`);
      writeFileSync(file, JSON.stringify(template, null, 1));
      return file;
    };
    const files = Object.entries(templates).map(([stage, template]) => write(`ParrotPhrases-${stage}`, template));
    // In the same run, a template with one known mistake: proof that an error would be reported.
    const broken = write('Broken', {
      Resources: { Fn: { Type: 'AWS::Lambda::Function', Properties: { Runtime: 'nodejs4.x', Handler: 'index.handler', Code: { ZipFile: 'x' } } } },
    });

    // One process per template, side by side (most of the time is cfn-lint's). Its exit status is a
    // bit mask of the levels found; the JSON list is what counts.
    const lint = (file: string) =>
      new Promise<Finding[]>((resolve, reject) => {
        execFile('cfn-lint', ['--format', 'json', '--regions', 'us-east-1', '--', file], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
          if (stderr || (error && !stdout)) reject(new Error(`cfn-lint failed on ${file}: ${stderr || (error?.message ?? '')}`));
          else resolve(JSON.parse(stdout) as Finding[]);
        });
      });
    const all = (await Promise.all([...files, broken].map(lint))).flat();
    const findings = all.filter((f) => f.Filename !== broken);
    const line = (f: Finding) => `${f.Level} ${f.Rule.Id} ${f.Filename.split('/').at(-1)} ${f.Location.Path.join('/')}: ${f.Message}`;
    // A missing required property and a value the resource spec does not allow.
    expect(all.filter((f) => f.Filename === broken && f.Level === 'Error').map((f) => f.Rule.Id)).toEqual(expect.arrayContaining(['E3003', 'E3030']));

    expect(findings.filter((f) => f.Level === 'Error').map(line)).toEqual([]);
    expect(findings.filter((f) => f.Level !== 'Error' && !(f.Rule.Id in IGNORED_CHECKS)).map(line)).toEqual([]);
    const stale = Object.keys(IGNORED_CHECKS).filter((id) => !findings.some((f) => f.Rule.Id === id));
    expect(stale, 'ignored checks that no longer fire: remove them from IGNORED_CHECKS').toEqual([]);
    console.info(`${version.stdout.trim()}: 0 errors; accepted warnings: ${Object.keys(IGNORED_CHECKS).join(', ')}`);
  });
});
