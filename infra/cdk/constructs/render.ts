/**
 * The render function: CloudFront's origin for every page. It bundles functions/handlers/render.ts
 * with the server renderer that `npm run build` makes (frontend/dist/.ssr/entry-server.mjs) beside
 * it, and is reached only by the distribution (a function URL with IAM auth, signed by CloudFront's
 * origin access control). It reads the public item kinds of the table (TABLE_ACCESS.render); and,
 * as the support form posts to its page without script, it may do what the support function does
 * (store the message, count the sender's messages, send the mail), and nothing else.
 */
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, type Alias, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE, type PublicConfig } from '../../../shared/render.js';
import { TABLE_ACCESS, tableStatements } from './table-access.js';
import type { SupportMail } from './mail.js';
import { liveAlias } from './deployment.js';
import { FunctionConstruct } from './function.js';

export interface RenderProps {
  readonly table: ITable;
  /** Names the functions read (TABLE_NAME, PRODUCT_NAME...), as for the API's functions. */
  readonly environment: Record<string, string>;
  /** The SPA's runtime config, inlined into every page. */
  readonly publicConfig: PublicConfig;
  /** `https://{custom domain}`: canonical URLs; without it the request's forwarded host is used. */
  readonly siteUrl?: string;
  /**
   * The server renderer from `npm run build` (ssrBundleOf(dist)). Left out only by an offline synth
   * that will not be deployed (allowPlaceholders): the stack refuses to synthesize without it otherwise.
   */
  readonly ssrBundle?: string;
  /** The support mail's SES identities (the form posted to /support without script sends it). */
  readonly mail: SupportMail;
}

export const ssrBundleOf = (dist: string) => join(dist, SSR_BUILD_DIR, SSR_ENTRY_FILE);

export class Render extends FunctionConstruct {
  /** The version that serves (constructs/deployment.ts): CloudFront's origin is its URL. */
  readonly alias: Alias;
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, props: RenderProps) {
    super(scope, id, {
      fn: 'render',
      extraFiles: props.ssrBundle ? { [props.ssrBundle]: SSR_ENTRY_FILE } : undefined,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      environment: {
        ...props.environment,
        SSR_ENTRY: `/var/task/${SSR_ENTRY_FILE}`,
        PUBLIC_CONFIG: JSON.stringify(props.publicConfig),
        ...(props.siteUrl ? { SITE_URL: props.siteUrl } : {}),
      },
    });
    // The public reads it answers in-process, and the support form's writes (TABLE_ACCESS.render): it can
    // never read support messages, learners' items, the audit log or rate counters.
    for (const statement of tableStatements(props.table, TABLE_ACCESS.render)) this.function.addToRolePolicy(statement);
    props.mail.grantSend(this.function);
    this.alias = liveAlias(this, this.function);
    this.url = this.alias.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
  }
}
