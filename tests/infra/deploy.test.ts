/**
 * How a deploy reaches visitors, and where a stage may go.
 *  - Seen at once: pages are cached for up to a day, so a deploy that changes anything a page is
 *    made of (the chunks, the server renderer, index.html, the render function) must end with one
 *    `/*` invalidation, issued after the new chunks and the shell are uploaded and every alias has
 *    moved to its new version (constructs/site-invalidation.ts), never by a bucket deployment.
 *  - A failure is never kept: CloudFront caches a 5xx for seconds (errorResponses), and the last
 *    good copy of a page stands in while the origin fails (stale-if-error, from the functions).
 *  - prod outside us-east-1 stops the synth with a message, not a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, CfnElement, CfnResource, Stack } from 'aws-cdk-lib';
import { Code, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContextError } from '../../infra/cdk/context.js';
import { NODE_RUNTIME, repoRoot } from '../../infra/cdk/constructs/function.js';
import { buildIdOf } from '../../infra/cdk/constructs/site-files.js';
import { ERROR_CACHING_SECONDS, SERVER_ERRORS } from '../../infra/cdk/constructs/site.js';
import { SITE_INVALIDATION_TYPE } from '../../infra/cdk/constructs/site-invalidation.js';
import { PUBLIC_CACHE } from '../../functions/lib/caching.js';
import { buildStack, type ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { BUILD_FILES, cdkContext, env, fakeBuild, realMail, removeTempDirs, SYNTH_TIMEOUT, synthStage, tempDir, type TemplateJson } from './synth.js';

afterAll(removeTempDirs);

/** `content` with its byte at `at` (from the end when negative) replaced by the next character. */
const oneByteChanged = (content: string, at = -2) => {
  const i = at < 0 ? content.length + at : at;
  return content.slice(0, i) + String.fromCharCode(content.charCodeAt(i) + 1) + content.slice(i + 1);
};
const logicalId = (stack: ParrotPhrasesStack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
/** Every resource that invalidates the distribution during a deploy: ours, and any bucket deployment's DistributionPaths. */
const invalidations = (t: TemplateJson) =>
  Object.entries(t.Resources).filter(
    ([, r]) =>
      r.Type === SITE_INVALIDATION_TYPE || (r.Type === 'Custom::CDKBucketDeployment' && (r.Properties.DistributionPaths || r.Properties.DistributionId)),
  );
/** What makes CloudFormation run the invalidation again: its BuildId property. */
const trigger = (t: TemplateJson) => {
  const [[, invalidation]] = invalidations(t);
  return invalidation.Properties.BuildId as string;
};

describe('A failure is never kept', () => {
  it('caches every 5xx for seconds, whatever Cache-Control the origin sent', { timeout: SYNTH_TIMEOUT }, () => {
    const { template } = synthStage({ stage: 'dev', ...realMail });
    const [distribution] = Object.values(template.Resources).filter((r) => r.Type === 'AWS::CloudFront::Distribution');
    const errors = distribution.Properties.DistributionConfig.CustomErrorResponses as { ErrorCode: number; ErrorCachingMinTTL: number }[];
    expect(errors.map((e) => e.ErrorCode).sort()).toEqual([...SERVER_ERRORS]);
    for (const e of errors) expect(e.ErrorCachingMinTTL).toBeLessThanOrEqual(ERROR_CACHING_SECONDS);
    // No error page of CloudFront's own: the origin's readable 503 page (and its Retry-After) reaches the visitor.
    expect(errors.every((e) => !('ResponsePagePath' in e))).toBe(true);
  });

  it('lets the CDN serve the last good copy of a public answer while the origin fails', () => {
    expect(PUBLIC_CACHE['cache-control']).toMatch(/\bstale-if-error=86400\b/);
  });
});

describe('A deploy is seen at once', () => {
  let base: { stack: ParrotPhrasesStack; template: TemplateJson };
  const variants: Record<string, TemplateJson> = {};
  beforeAll(() => {
    // One build folder, changed in place between syntheses: the folder's path is part of the render
    // function's bundling options, so a second folder would change the trigger on its own.
    const dist = fakeBuild();
    const synth = () => synthStage({ stage: 'dev', ...realMail }, { frontendDist: dist });
    const withChange = (file: string, content: string) => {
      const path = join(dist, file);
      const before = existsSync(path) ? readFileSync(path) : undefined;
      writeFileSync(path, content);
      try {
        return synth().template;
      } finally {
        if (before) writeFileSync(path, before);
        else rmSync(path);
      }
    };
    base = synth();
    variants['the same build again'] = synth().template;
    variants['one byte of the server renderer'] = withChange('.ssr/entry-server.mjs', oneByteChanged(BUILD_FILES['.ssr/entry-server.mjs']));
    variants['one byte of index.html'] = withChange('index.html', oneByteChanged(BUILD_FILES['index.html']));
    variants['a new chunk'] = withChange('static/lesson-def456.js', 'console.log("lesson");');
    variants['only a source map'] = withChange('.ssr/entry-server.mjs.map', '{"version":3}');
  }, SYNTH_TIMEOUT);

  it('invalidates /* once, from our custom resource, after the chunks and the shell are uploaded and every alias has moved', () => {
    const { stack, template } = base;
    const found = invalidations(template);
    expect(found).toHaveLength(1);
    const [[id, invalidation]] = found;
    expect(id).toBe(logicalId(stack, stack.siteInvalidation.resource));
    // Served by our own function (no Provider framework), which invalidates this distribution only.
    expect(invalidation.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [logicalId(stack, stack.siteInvalidation.function), 'Arn'] });
    expect(template.Resources[logicalId(stack, stack.siteInvalidation.function)].Properties.Environment.Variables.CDN_DISTRIBUTION_ID).toEqual({
      Ref: logicalId(stack, stack.site.distribution),
    });
    const deployments = Object.entries(template.Resources).filter(([, r]) => r.Type === 'Custom::CDKBucketDeployment');
    const [[assetsId]] = deployments.filter(([, r]) => r.Properties.DestinationBucketKeyPrefix === 'static/');
    const shellResource = stack.site.shellDeployment.node
      .findAll()
      .find((c) => c instanceof CfnResource && c.cfnResourceType === 'Custom::CDKBucketDeployment');
    const shellId = stack.getLogicalId(shellResource as CfnResource);
    const aliasIds = [stack.render.alias, ...stack.api.aliases.values()].map((a) => logicalId(stack, a));
    const renderId = logicalId(stack, stack.render.function);
    // The order CloudFormation must follow: chunks, then the render function, its alias (CodeDeploy's
    // traffic shift) and the shell, then the invalidation.
    expect(invalidation.DependsOn).toEqual(expect.arrayContaining([shellId, ...aliasIds]));
    expect(template.Resources[shellId].DependsOn).toContain(assetsId);
    expect(template.Resources[renderId].DependsOn).toContain(assetsId);
    // No bucket deployment invalidates (or waits on an invalidation) any more.
    for (const [, d] of deployments) expect(d.Properties).not.toHaveProperty('DistributionPaths');
  });

  it('changes what triggers it when one byte of the renderer or index.html changes, or a chunk is added; not for the same build again', () => {
    const before = trigger(base.template);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    expect(trigger(variants['the same build again'])).toEqual(before);
    for (const change of ['one byte of the server renderer', 'one byte of index.html', 'a new chunk']) {
      expect(trigger(variants[change]), change).not.toBe(before);
    }
    // Source maps are never uploaded and change nothing a visitor gets.
    expect(trigger(variants['only a source map'])).toEqual(before);
  });

  it("changes the build id when the render function's code or environment changes, without a build too", () => {
    const idOf = (code: string, environment: Record<string, string> = {}) => {
      const stack = new Stack(new App(), 'Ids', { env });
      const fn = new LambdaFunction(stack, 'Render', { runtime: NODE_RUNTIME, handler: 'index.handler', code: Code.fromInline(code), environment });
      return buildIdOf(undefined, fn);
    };
    const id = idOf('export const handler = () => 1;');
    expect(idOf('export const handler = () => 1;')).toBe(id);
    expect(idOf('export const handler = () => 2;')).not.toBe(id);
    expect(idOf('export const handler = () => 1;', { PRODUCT_NAME: 'Parrot' })).not.toBe(id);
  });
});

describe('Regions', () => {
  const prodContext = { ...cdkContext, stage: 'prod', ...realMail, allowPlaceholders: 'true' };
  const message = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ContextError);
      return (error as Error).message;
    }
    throw new Error('expected a ContextError');
  };

  it('stops prod outside us-east-1 before building anything, naming the region and the ways out', () => {
    const text = message(() => buildStack(new App({ context: prodContext }), { env: { ...env, region: 'eu-west-1' }, frontendDist: tempDir() }));
    expect(text).toMatch(/ParrotPhrases-prod would deploy to eu-west-1/);
    expect(text).toMatch(/only be made in us-east-1/);
    expect(text).toMatch(/AWS_REGION=us-east-1/);
    expect(text).toMatch(/-c webAclArn=/);
    expect(text).toMatch(/-c waf=false/);
  });

  it('lets prod go elsewhere without its own WAF', { timeout: SYNTH_TIMEOUT }, () => {
    const { template } = synthStage({ stage: 'prod', ...realMail, waf: 'false' }, { region: 'eu-west-1' });
    expect(Object.values(template.Resources).filter((r) => r.Type === 'AWS::WAFv2::WebACL')).toEqual([]);
  });

  it('prints that message alone when `cdk synth` runs the app: no stack trace', { timeout: 120_000 }, () => {
    const outdir = tempDir('parrot-cdk-');
    const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repoRoot, 'infra', 'cdk', 'app.ts')], {
      cwd: repoRoot,
      encoding: 'utf8',
      // What the CDK CLI hands the app: the context (cdk.json and -c), the account's region, the output folder.
      env: {
        ...process.env,
        CDK_CONTEXT_JSON: JSON.stringify(prodContext),
        CDK_DEFAULT_REGION: 'eu-west-1',
        CDK_DEFAULT_ACCOUNT: env.account,
        CDK_OUTDIR: outdir,
      },
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/ParrotPhrases-prod would deploy to eu-west-1/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
