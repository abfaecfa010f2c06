/**
 * What the site bucket holds and when a deploy's pages change: the build of `npm run build`
 * (content-hashed chunks under static/, immutable; the shell, revalidated) and the generated
 * config.json, uploaded by two BucketDeployments of the Site construct (site.ts), and the build id
 * that starts the deploy's invalidation (constructs/site-invalidation.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DefaultStackSynthesizer, Stack } from 'aws-cdk-lib';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct, IConstruct } from 'constructs';
import { IMMUTABLE } from '../cdn-rules.js';
import { acknowledge, nagRef, nagString, repoRoot } from './function.js';

/** Vite's assetsDir (frontend/vite.config.ts): content-hashed build output, safe to cache forever. */
const HASHED_DIR = 'static';
/** Where `npm run build` writes the SPA and the server renderer. */
export const FRONTEND_DIST = join(repoRoot, 'frontend', 'dist');
/** Never uploaded: source maps would publish the sources (Vite writes them for the twin and local debugging). */
export const UNPUBLISHED = ['*.map'];

/** Runtime config the SPA fetches as /config.json (the local twin writes its own). */
export interface SiteConfig {
  productName: string;
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  mediaBaseUrl: string;
  /** The review reminders' VAPID public key ('' where reminders are not set up). */
  vapidPublicKey: string;
}

/** What the site's deployments upload. */
export interface SiteFiles {
  readonly config: Omit<SiteConfig, 'apiBase' | 'mediaBaseUrl' | 'region'>;
  /**
   * The `npm run build` output to upload (FRONTEND_DIST). Left out only by an offline synth that
   * will not be deployed (allowPlaceholders): then only config.json is uploaded.
   */
  readonly dist?: string;
}

/** Every file of the build but source maps, sorted: `path NUL sha256(content)` lines. */
function buildFiles(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !f.name.endsWith('.map'))
    .map((f) => join(f.parentPath, f.name))
    .map((file) => `${relative(dist, file).split(sep).join('/')}\0${createHash('sha256').update(readFileSync(file)).digest('hex')}`)
    .sort();
}

/**
 * The deploy's invalidation runs when this changes (constructs/site-invalidation.ts). What the pages are made of: the build (the server renderer, index.html, the `static/` chunks the
 * HTML names, the other site files) and the render function's code and environment as they are
 * synthesized (its code's asset hash covers the handler and the renderer bundled with it).
 */
export function buildIdOf(dist: string | undefined, renderFunction: IFunction): string {
  const hash = createHash('sha256');
  for (const line of dist ? buildFiles(dist) : []) hash.update(`${line}\n`);
  const fn = renderFunction.node.defaultChild as CfnFunction;
  hash.update(JSON.stringify(Stack.of(renderFunction).resolve({ code: fn.code, environment: fn.environment })));
  return hash.digest('hex');
}

/**
 * Uploads frontend/dist (from `npm run build`) and the generated config.json. Hashed files under
 * static/ are immutable and never pruned, so a tab still running the previous build can lazy-load
 * its chunks; the shell (index.html, config.json, embed script, icons) is revalidated each time
 * (same Cache-Control split as the local gateway). Source maps are never uploaded.
 */
export function uploadSite(site: Construct, bucket: Bucket, props: SiteFiles) {
  const dist = props.dist;
  const config: SiteConfig = {
    ...props.config,
    apiBase: '/api',
    region: Stack.of(site).region,
    mediaBaseUrl: '/media',
  };
  const common = { destinationBucket: bucket, prune: false, memoryLimit: 512 };

  let assets: BucketDeployment | undefined;
  if (dist && existsSync(join(dist, HASHED_DIR))) {
    assets = new BucketDeployment(site, 'DeployAssets', {
      ...common,
      sources: [Source.asset(join(dist, HASHED_DIR), { exclude: UNPUBLISHED })],
      destinationKeyPrefix: `${HASHED_DIR}/`,
      cacheControl: [CacheControl.fromString(IMMUTABLE)],
    });
  }
  const shellSources: ISource[] = [
    // Pages come from the render function; its server bundle and the build manifest are not public files.
    ...(dist ? [Source.asset(dist, { exclude: [HASHED_DIR, `${HASHED_DIR}/**`, '.ssr', '.ssr/**', '.vite', '.vite/**', 'index.html', ...UNPUBLISHED] })] : []),
    Source.jsonData('config.json', config),
  ];
  const shell = new BucketDeployment(site, 'DeployShell', {
    ...common,
    sources: shellSources,
    cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
  });
  // The order of a deploy: chunks uploaded, then the render function updated (its pages name those
  // chunks: stack.ts), the shell, then the one `/*` invalidation (constructs/site-invalidation.ts).
  if (assets) shell.node.addDependency(assets);

  acknowledgeDeploymentHandler(site, bucket);
  return { assets, shell };
}

/** BucketDeployment runs a CDK-provided singleton Lambda at stack level; its findings are acknowledged there. */
function acknowledgeDeploymentHandler(site: Construct, bucket: Bucket) {
  const stack = Stack.of(site);
  const handler = stack.node.children.find((c: IConstruct) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) return;
  const why = 'CDK-managed BucketDeployment handler: ';
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${why}AWS-maintained policy that only allows writing its own CloudWatch logs.`,
  );
  acknowledge(handler, 'AwsSolutions-L1', `${why}its Python runtime is pinned by aws-cdk-lib and moves with CDK upgrades, not with our code.`);
  for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
    acknowledge(
      handler,
      `AwsSolutions-IAM5[Action::${action}]`,
      `${why}CDK grants read on the staged asset and read/write on the site bucket with these action groups to sync files.`,
    );
  }
  acknowledge(
    handler,
    `AwsSolutions-IAM5[Resource::${nagRef(bucket)}/*]`,
    `${why}it writes arbitrary file names of the SPA build into the site bucket, and only into it.`,
  );
  const qualifier =
    stack.synthesizer instanceof DefaultStackSynthesizer
      ? (stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER)
      : DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const stagingObjects = `arn:${stack.partition}:s3:::cdk-${qualifier}-assets-${stack.account}-${stack.region}/*`;
  acknowledge(
    handler,
    `AwsSolutions-IAM5[Resource::${nagString(stack, stagingObjects)}]`,
    `${why}reads the zipped build from the CDK bootstrap asset bucket, whose object keys are content hashes.`,
  );
}
