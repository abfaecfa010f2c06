/**
 * The deploy's one `/*` invalidation (functions/jobs/invalidate-site.ts, docs/infra.md "The deploy's
 * invalidation"): a custom resource served by a small function of ours that answers CloudFormation
 * itself (no Provider framework: it would add a framework function, its role, policy and log group),
 * retries over minutes and never fails the deploy. Its BuildId property changes whenever a page can,
 * so it runs then and only then; it waits for the shell's upload and for every alias (CodeDeploy's
 * traffic shift of the render function, and the public JSON functions), so no cached page or public
 * read outlives the release and none is cached again from the old code.
 */
import { join } from 'node:path';
import { CfnElement, CustomResource, Duration } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Alias, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct, IConstruct } from 'constructs';
import { FunctionConstruct, repoRoot } from './function.js';

export interface SiteInvalidationProps {
  readonly distribution: IDistribution;
  /** site.ts `buildIdOf`: what the pages are made of. */
  readonly buildId: string;
  /** What must be done first: the shell's upload, every live alias. */
  readonly after: readonly IConstruct[];
  /** What functions/lib/config.ts reads (PRODUCT_NAME...). */
  readonly environment: Record<string, string>;
}

/**
 * What a function that invalidates the site's pages needs (functions/lib/cdn.ts): the distribution's
 * id as CDN_DISTRIBUTION_ID, and CreateInvalidation on that distribution only. Every invalidating
 * function gets it here: the API's writers, the release function, the deploy's invalidation.
 */
export function grantInvalidation(fn: LambdaFunction, distribution: IDistribution): void {
  fn.addEnvironment('CDN_DISTRIBUTION_ID', distribution.distributionId);
  fn.addToRolePolicy(new PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [distribution.distributionArn] }));
}

export const SITE_INVALIDATION_TYPE = 'Custom::SiteInvalidation';

export class SiteInvalidation extends FunctionConstruct {
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: SiteInvalidationProps) {
    super(scope, id, {
      fn: 'invalidate-site',
      entry: join(repoRoot, 'functions', 'jobs', 'invalidate-site.ts'),
      // Its retries wait about 8 minutes in all (DEPLOY_INVALIDATION_BACKOFF_MS), then it answers.
      timeout: Duration.minutes(10),
      environment: props.environment,
    });
    grantInvalidation(this.function, props.distribution);
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: this.function.functionArn,
      resourceType: SITE_INVALIDATION_TYPE,
      properties: { BuildId: props.buildId },
      // The function always answers within its timeout; CloudFormation need not wait its default hour.
      serviceTimeout: Duration.minutes(15),
    });
    for (const c of props.after) this.resource.node.addDependency(c instanceof CfnElement ? c : (c.node.defaultChild ?? c));
  }
}

/** The CloudFormation resource of each alias (what the invalidation waits for). */
export const aliasResources = (aliases: Iterable<Alias>) => [...aliases].map((a) => a.node.defaultChild as CfnElement);
