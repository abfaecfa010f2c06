/**
 * The web ACL in front of CloudFront: a per-IP rate limit, AWS's common rule set and its known-bad-
 * inputs rule set. It sees every viewer request (pages, /api, /media), cache hits included, but not
 * presigned uploads, which go straight to S3, nor the raw execute-api URL.
 */
import { Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ContextError } from '../context.js';

/** CLOUDFRONT-scope web ACLs can only be made (and CloudFront only accepts them) in this region. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

export interface WafProps {
  /**
   * Requests one IP may make in any 5 minutes before it is blocked (WAF allows 10 to 2,000,000,000).
   * A page view costs a few requests (HTML, a lazy chunk or two, API reads, audio), so 2000 leaves
   * room for classrooms and offices behind one NAT address.
   * @default 2000
   */
  readonly ratePer5Minutes?: number;
}

/** AWS managed rule groups, in evaluation order after the rate rule. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

/**
 * Rules of the common rule set that only count. SizeRestrictions_BODY blocks bodies over 8 KB, but
 * the API takes JSON bodies up to 256 KB (MAX_BODY_BYTES in functions/lib/http.ts) and an admin's
 * blog post alone may be 100,000 characters; the handlers bound body sizes themselves.
 */
export const COUNT_ONLY_RULES = ['SizeRestrictions_BODY'] as const;

export class Waf extends Construct {
  readonly webAcl: CfnWebACL;
  /** For the distribution's `webAclId` (CloudFront takes the ARN of a WAFv2 ACL). */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WafProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    // CLOUDFRONT-scope ACLs exist only in us-east-1; elsewhere the deploy would fail late and obscurely.
    // A setting to fix (the stack's region or -c waf), so a ContextError: app.ts prints it without a stack trace.
    if (!Token.isUnresolved(stack.region) && stack.region !== CLOUDFRONT_WAF_REGION) {
      throw new ContextError(
        `Waf: a CloudFront web ACL must be created in ${CLOUDFRONT_WAF_REGION}, but stack ${stack.stackName} is in ${stack.region}. Deploy the stack to ${CLOUDFRONT_WAF_REGION} or turn the WAF off.`,
      );
    }
    const limit = props.ratePer5Minutes ?? 2000;
    if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000) {
      throw new Error(`Waf: ratePer5Minutes must be an integer from 10 to 2,000,000,000, got ${limit}`);
    }

    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${stack.stackName}-${name}`,
      sampledRequestsEnabled: true,
    });

    const managed = MANAGED_RULE_GROUPS.map((name, i): CfnWebACL.RuleProperty => ({
      name,
      priority: i + 1,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides:
            name === 'AWSManagedRulesCommonRuleSet' ? COUNT_ONLY_RULES.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
        },
      },
      visibilityConfig: visibility(name),
    }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: `${stack.stackName}: per-IP rate limit and AWS managed rules in front of CloudFront`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          // 429 rather than WAF's default 403: clients (and the SPA) can tell "slow down" from "forbidden".
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility('rate-per-ip'),
        },
        ...managed,
      ],
    });
    this.webAclArn = this.webAcl.attrArn;
  }
}
