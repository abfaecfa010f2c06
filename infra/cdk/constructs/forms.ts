/**
 * The pages whose form posts without script (FORM_PATHS of ../cdn-rules.ts), served by the render
 * function through the HTTP API rather than its function URL. CloudFront's origin access control signs
 * a POST or PUT body to a Lambda function URL only with the SHA-256 the viewer sends in
 * x-amz-content-sha256, and Lambda refuses an unsigned body; a browser's form never sends it, so every
 * post would be refused (403) and the typed message lost:
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-restricting-access-to-lambda.html
 * The HTTP API takes an unsigned body, and CloudFront adds the origin secret to what it sends there.
 * A CloudFront behaviour is per path, not per method: the page (GET, cached as every page) comes this
 * way too (docs/rendering.md).
 */
import { HttpMethod, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Alias, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { acknowledge } from './function.js';
import { grantOriginCheck } from './origin-secret.js';

/** The variable that gives the render function the origin secret's ARN (functions/lib/config.ts formOriginSecretArn). */
export const FORM_ORIGIN_SECRET_VARIABLE = 'FORM_ORIGIN_SECRET_ARN';

/**
 * One public `ANY {path}` route per form page, integrated with the render function's `live` alias (as its
 * URL is, so a release shifts both): it answers every method as behind its URL (405 for those it does
 * not take). API Gateway may invoke the alias through one permission for every form page. What comes this way must carry CloudFront's origin
 * secret, so `render` may read it, under a name of its own (FORM_ORIGIN_SECRET_VARIABLE: under
 * ORIGIN_SECRET_ARN, the API handlers it calls in-process would demand it on every page's reads).
 */
export function addFormPages(httpApi: HttpApi, paths: readonly string[], render: { function: LambdaFunction; alias: Alias }, originSecret?: ISecret): void {
  const integration = new HttpLambdaIntegration('form-pages-integration', render.alias, { scopePermissionToRoute: false });
  for (const path of paths) {
    const [route] = httpApi.addRoutes({ path, methods: [HttpMethod.ANY], integration });
    acknowledge(route, 'AwsSolutions-APIG4', `ANY ${path} is a public page of the site and its form (FORM_PATHS), as every page behind CloudFront is.`);
  }
  if (originSecret) grantOriginCheck(render.function, originSecret, FORM_ORIGIN_SECRET_VARIABLE);
}
