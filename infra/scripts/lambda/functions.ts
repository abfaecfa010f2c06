/**
 * Every Lambda function of the stack under the name the stack gives it (`Fn-{name}`:
 * infra/cdk/constructs/function.ts), with the module that exports its handler, what triggers it, and
 * the kind of event that trigger sends (./events.ts). The API's functions come from the route table
 * as infra/cdk/constructs/api.ts makes them (one per handler module); every other function is one
 * line of OTHER_FUNCTIONS. tests/infra/invoke.test.ts fails when the synthesized stack has a function
 * this list lacks, or the other way round.
 */
import { handlerModules, routes } from '../../../functions/routes.js';
import type { EventKind } from './events.js';

export interface StackFunction {
  name: string;
  /** The module exporting `handler`, from the repository's root. */
  entry: string;
  trigger: string;
  /** The kind of event its trigger sends (`npm run event -- <kind>`). */
  event: EventKind;
  /** Why `npm run invoke` does not run it against the twin (it would call AWS), if it does not. */
  notOnTwin?: string;
}

/** The functions beside the API's, one line each: a new job's line goes here with its construct. */
const OTHER_FUNCTIONS: readonly StackFunction[] = [
  { name: 'render', entry: 'functions/handlers/render.ts', trigger: "function URL (CloudFront's origin of the pages)", event: 'url' },
  { name: 'publish-release', entry: 'functions/jobs/publish-release.ts', trigger: 'EventBridge Scheduler (one schedule per release)', event: 'schedule' },
  { name: 'media-sweep', entry: 'functions/jobs/media-sweep.ts', trigger: 'EventBridge rule (daily, 03:30 UTC)', event: 'scheduled-event' },
  { name: 'reminders', entry: 'functions/jobs/reminders.ts', trigger: 'EventBridge rule (hourly, on the hour)', event: 'scheduled-event' },
  {
    name: 'rotate-origin-secret',
    entry: 'functions/jobs/rotate-origin-secret.ts',
    trigger: 'Secrets Manager rotation (every 30 days)',
    event: 'rotation',
    notOnTwin:
      'the twin has no Secrets Manager, so its SDK calls would go to AWS. Its steps run against mocked clients in tests/unit/origin-secret.test.ts; on a dev stage, `aws secretsmanager rotate-secret` runs it.',
  },
  {
    name: 'pre-traffic',
    entry: 'functions/jobs/pre-traffic.ts',
    trigger: "CodeDeploy (each release's BeforeAllowTraffic hook)",
    event: 'codedeploy-hook',
    notOnTwin:
      'it reads the deployment from CodeDeploy and invokes the new Lambda version, neither of which the twin has. Its checks run on the twin with `npm run check:release`; the hook itself against mocked clients in tests/unit/pre-traffic.test.ts.',
  },
  {
    name: 'invalidate-site',
    entry: 'functions/jobs/invalidate-site.ts',
    trigger: "CloudFormation custom resource (the deploy's `/*` invalidation)",
    event: 'custom-resource',
    notOnTwin:
      "it answers CloudFormation at the event's ResponseURL, a presigned S3 URL only a real deploy gives. tests/unit/invalidate-site.test.ts runs it against a local response server.",
  },
];

const routeCount = (fn: string) => routes.filter((r) => r.fn === fn).length;

export const STACK_FUNCTIONS: readonly StackFunction[] = [
  ...handlerModules.map((fn): StackFunction => {
    const n = routeCount(fn);
    return { name: fn, entry: `functions/handlers/${fn}.ts`, trigger: `HTTP API (${n} route${n === 1 ? '' : 's'})`, event: 'http' };
  }),
  ...OTHER_FUNCTIONS,
];

export const functionNamed = (name: string) => STACK_FUNCTIONS.find((f) => f.name === name);

/** `--list`: one line per function, with its trigger and event kind. */
export function functionList(): string {
  const width = Math.max(...STACK_FUNCTIONS.map((f) => f.name.length)) + 2;
  const trigger = Math.max(...STACK_FUNCTIONS.map((f) => f.trigger.length)) + 2;
  const lines = STACK_FUNCTIONS.map(
    (f) => `  ${f.name.padEnd(width)}${f.trigger.padEnd(trigger)}event: ${f.event}${f.notOnTwin ? '  (not on the twin: see --help)' : ''}`,
  );
  return `The stack's functions (Fn-{name} in the CDK app), what triggers each, and its event kind (npm run event -- <kind>):\n${lines.join('\n')}\n`;
}
