/**
 * The one place that knows how a handler module becomes a Lambda function: every NodejsFunction
 * of the stack is built here, so runtime, architecture, bundling and logging never drift apart.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import { stageOf } from '../context.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const handlerEntry = (fn: string) => join(repoRoot, 'functions', 'handlers', `${fn}.ts`);

/**
 * Newest Node.js runtime this aws-cdk-lib knows (cdk-nag L1 asks for the latest). The twin, the
 * tests and the build run on the same major: package.json pins it (engines.node and the
 * node-linux-* packages; tests/infra/node-version.test.ts keeps them together).
 */
export const NODE_RUNTIME = Runtime.NODEJS_24_X;
/** esbuild's target for that runtime: `node24`. */
export const NODE_TARGET = NODE_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1');

/**
 * Left out of every bundle: the AWS SDK v3 clients and lib packages that the Lambda Node.js runtime
 * provides, and the offline speech engine (GPL, WASM), a dev-only dependency imported only when
 * SPEECH_ENGINE=offline, which never happens in AWS. Other SDK packages the runtime lacks (e.g.
 * @aws-sdk/s3-presigned-post) are bundled; tests/infra/bundles.test.ts checks it.
 */
export const EXTERNALS = ['@aws-sdk/client-*', '@aws-sdk/lib-*', '@echogarden/*', '@breezystack/lamejs'];

/** ESM bundles still meet CommonJS dependencies that call require(); give them one. */
const ESM_REQUIRE_SHIM = "import { createRequire as __pp_createRequire } from 'node:module'; const require = __pp_createRequire(import.meta.url);";

export interface AppFunctionProps {
  /** Handler module name: functions/handlers/{fn}.ts exporting `handler`. */
  readonly fn: string;
  /** Another module exporting `handler` (a scheduled job in functions/jobs/). @default handlerEntry(fn) */
  readonly entry?: string;
  readonly environment: Record<string, string>;
  /** @default 10 seconds (text-to-speech callers get 30). */
  readonly timeout?: Duration;
  /** @default 512 MB */
  readonly memorySize?: number;
  /** Built files copied next to the bundle (absolute source path -> file name in the bundle). */
  readonly extraFiles?: Record<string, string>;
}

export class AppFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const entry = props.entry ?? handlerEntry(props.fn);
    if (!existsSync(entry)) throw new Error(`Function "${props.fn}": its module ${entry} does not exist`);

    // An explicit log group (instead of the legacy LogRetention custom resource): bounded retention,
    // and logs are operational data, so they go with the stack.
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const { extraFiles } = props;
    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      runtime: NODE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: {
        ...props.environment,
        // The stage is a dimension of every metric the code counts (functions/lib/powertools.ts), so
        // dev's failures never page prod: monitoring's alarms filter on it.
        STAGE: stageOf(this),
        // Stack traces point at the TypeScript sources through the bundled source map.
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: NODE_TARGET,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_SHIM,
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.EXTERNAL,
        sourcesContent: false,
        externalModules: EXTERNALS,
        ...(extraFiles
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_input: string, output: string) => Object.entries(extraFiles).map(([from, name]) => `cp "${from}" "${join(output, name)}"`),
              },
            }
          : {}),
        // Local esbuild from node_modules; no Docker on developer machines or CI.
        forceDockerBundling: false,
      },
    });

    acknowledge(
      this,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AWS-maintained least-privilege policy for writing CloudWatch logs; it is the standard Lambda execution policy.',
    );
    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing (PutTraceSegments/PutTelemetryRecords) has no resource-level permissions; the API requires Resource "*".',
    );
  }
}

/**
 * A construct built around one AppFunction (the render function, the media sweep), exposing it as
 * `function`. The function is its child `Fn-{fn}`, as the API names each of its own, so logical ids
 * and monitoring's labels follow one rule.
 */
export class FunctionConstruct extends Construct {
  readonly appFunction: AppFunction;
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.appFunction = new AppFunction(this, `Fn-${props.fn}`, props);
    this.function = this.appFunction.function;
  }
}

/**
 * The AWS SDK clients a handler's bundle really imports (after tree shaking). The API construct
 * grants service permissions from this, so a new handler that calls Polly gets Polly rights and
 * the others do not. It can over-grant (a shared module that builds every client at module scope
 * keeps them all) but never under-grant: code cannot call a client its bundle does not import.
 */
export function sdkClientsUsedBy(fn: string): Set<string> {
  // Scanned once per process, every handler in one esbuild pass (about 3 times faster than one pass
  // each): the sources do not change during a synth, and tests that synthesize several stacks would
  // otherwise scan every handler again for each.
  if (!scanned.has(fn)) {
    const handlers = readdirSync(join(repoRoot, 'functions', 'handlers'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3));
    for (const [name, used] of scanSdkClients([...new Set([...handlers, fn])])) scanned.set(name, used);
  }
  return new Set(scanned.get(fn));
}
const scanned = new Map<string, ReadonlySet<string>>();

/** The external `@aws-sdk/client-*` imports of each handler's bundle, after tree shaking. */
function scanSdkClients(fns: string[]): Map<string, Set<string>> {
  const result = buildSync({
    entryPoints: Object.fromEntries(fns.map((fn) => [fn, handlerEntry(fn)])),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    outdir: 'out',
    logLevel: 'silent',
    external: EXTERNALS,
  });
  const byHandler = new Map<string, Set<string>>(fns.map((fn) => [fn, new Set<string>()]));
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    // One output per entry point, named after its key: out/{fn}.js
    const used = byHandler.get(basename(file, '.js'));
    if (!used) continue;
    for (const imp of output.imports) {
      const m = /^@aws-sdk\/(client-[\w-]+)/.exec(imp.path);
      if (imp.external && m) used.add(m[1]);
    }
  }
  return byHandler;
}

/** cdk-nag 3 acknowledgement (Validations API); each one states why the finding is acceptable. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * How cdk-nag spells a value in IAM findings: references flattened to `<LogicalId.Attr>` and
 * `<AWS::AccountId>`, e.g. `<ContentBucketA1B2C3.Arn>/*`.
 */
export function nagString(scope: IConstruct, value: string): string {
  const flatten = (v: unknown): string => {
    if (typeof v === 'string') return v;
    // A resolved token is a CloudFormation intrinsic function.
    const o = v as { Ref?: string; 'Fn::GetAtt'?: string[]; 'Fn::Join'?: [string, unknown[]] };
    if (o.Ref) return `<${o.Ref}>`;
    if (o['Fn::GetAtt']) return `<${o['Fn::GetAtt'].join('.')}>`;
    if (o['Fn::Join']) return o['Fn::Join'][1].map(flatten).join(o['Fn::Join'][0]);
    return JSON.stringify(v);
  };
  return flatten(Stack.of(scope).resolve(value));
}

/** `<LogicalId.Arn>` of a resource (its default child), as cdk-nag prints it. */
export function nagRef(resource: IConstruct, attribute = 'Arn'): string {
  const cfn = resource.node.defaultChild ?? resource;
  if (!CfnElement.isCfnElement(cfn)) throw new Error(`${resource.node.path} is not a CloudFormation resource, nor has one as its default child`);
  return `<${Stack.of(resource).getLogicalId(cfn)}.${attribute}>`;
}
