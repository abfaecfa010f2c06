/**
 * Synthesis helpers shared by the infra tests that compare stages and builds: the cdk.json context,
 * a fake `npm run build` output, and a stack synthesized without bundling (asset hashes stand in
 * for the Lambda bundles: these tests look at the template, not at the code).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildStack, type ParrotPhrasesStack } from '../../infra/cdk/stack.js';

/** The same feature flags and context `cdk synth` gets from cdk.json. */
export const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<string, unknown>;
/**
 * How long a test or hook that synthesizes may take. The first synth of a run bundles every Lambda
 * (stack.test.ts); with other synths beside it on a busy two-core machine it took over 180 s.
 */
export const SYNTH_TIMEOUT = 300_000;
export const env = { account: '123456789012', region: 'us-east-1' };
/** Real-looking addresses (not placeholders), the same in every stage, as an operator would set them. */
export const realMail = {
  supportFromEmail: 'no-reply@mail.parrot-phrases.org',
  supportToEmail: 'team@parrot-phrases.org',
  alarmEmail: 'ops@parrot-phrases.org',
};
export const hostedZoneId = 'Z0123456789ABCDEFGHIJ';
export const noBundling = { 'aws:cdk:bundling-stacks': [] };

const dirs: string[] = [];
export const tempDir = (prefix = 'parrot-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
/** Removes every folder tempDir made (call it in afterAll). */
export const removeTempDirs = () => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));

/** What `npm run build` writes (source maps included), with `changes` written over it. */
export const BUILD_FILES: Record<string, string> = {
  'index.html': '<!doctype html><script type="module" src="/static/app-abc123.js"></script>',
  '.ssr/entry-server.mjs': 'export function render() { return "<h1>Parrot</h1>"; }',
  '.ssr/entry-server.mjs.map': '{}',
  '.vite/manifest.json': '{}',
  'static/app-abc123.js': 'console.log("app");',
  'static/app-abc123.js.map': '{}',
  'embed/banner.js': '/* banner */',
  'favicon.svg': '<svg/>',
};
export function fakeBuild(changes: Record<string, string> = {}): string {
  const dist = tempDir('parrot-dist-');
  for (const [file, content] of Object.entries({ ...BUILD_FILES, ...changes })) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), content);
  }
  return dist;
}

export type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[]; DeletionPolicy?: string };
export type TemplateJson = { Resources: Record<string, Resource> };

/** One stage's stack and template, synthesized offline in us-east-1 (or `region`). */
export function synthStage(context: Record<string, unknown>, props: { frontendDist?: string; region?: string } = {}) {
  const app = new App({ context: { ...cdkContext, ...noBundling, ...context }, outdir: tempDir('parrot-cdk-') });
  const stack: ParrotPhrasesStack = buildStack(app, { env: { ...env, region: props.region ?? env.region }, frontendDist: props.frontendDist ?? fakeBuild() });
  return { stack, template: Template.fromStack(stack).toJSON() as TemplateJson };
}

export const resourcesOf = (template: TemplateJson, type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);
