/**
 * The support mail's SES identities, and who may send with them. SES identities are account-wide
 * in a region: two stacks that both create one for the same address or domain cannot both deploy
 * (the second fails with AlreadyExists). So ownership is explicit (context `sesIdentities`): one
 * stage of an account and region creates them, any other only sends with them (IAM grants by ARN).
 *
 * - With a hosted zone (a custom domain), the sender's domain is verified as a domain identity with
 *   Easy DKIM: the stack writes the three DKIM CNAME records into that zone, so no mailbox has to
 *   click a link, and every address of the domain (and of its subdomains) may send.
 * - Without one, each support address is an e-mail identity: SES mails it a verification link once.
 *
 * The recipient is an identity too unless the verified domain covers it: while the account is in
 * the SES sandbox, SES only delivers to verified addresses.
 *
 * Every stage sends through its own configuration set, whose sends, deliveries, bounces and
 * complaints SES publishes to CloudWatch (AWS/SES, dimension MAIL_DIMENSION): the bounce and
 * complaint rate alarms of infra/cdk/constructs/monitoring/ watch them.
 */
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IPublicHostedZone } from 'aws-cdk-lib/aws-route53';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  DkimIdentity,
  EasyDkimSigningKeyLength,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface SupportMailProps {
  /** The sender (SUPPORT_FROM_EMAIL). */
  readonly from: string;
  /** Where support messages go (SUPPORT_TO_EMAIL). */
  readonly to: string;
  /** The custom domain's public hosted zone: the sender's domain is verified there with DKIM records. */
  readonly zone?: IPublicHostedZone;
  /** This stage makes the identities; otherwise it only sends with identities another stage (or someone) made. */
  readonly createIdentities: boolean;
}

/** The SES identities the support mail relies on: a domain (with a hosted zone) and the addresses it does not cover. */
export interface MailIdentities {
  readonly domain?: string;
  readonly addresses: { readonly id: 'SupportFrom' | 'SupportTo'; readonly address: string }[];
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
/** SES: a verified domain lets every address of it and of its subdomains send. */
const covers = (domain: string, address: string) => domainOf(address) === domain || domainOf(address).endsWith(`.${domain}`);

/** Which identities a stage with these settings relies on (pure: the tests and the docs' examples use it). */
export function mailIdentities(from: string, to: string, verifyDomain: boolean): MailIdentities {
  const domain = verifyDomain ? domainOf(from) : undefined;
  const addresses = (
    [
      ['SupportFrom', from],
      ['SupportTo', to],
    ] as const
  )
    .filter(([id, address]) => !(domain && covers(domain, address)) && !(id === 'SupportTo' && address.toLowerCase() === from.toLowerCase()))
    .map(([id, address]) => ({ id, address }));
  return { domain, addresses };
}

/** A domain identity whose DKIM records go into a zone imported by id (Identity.publicHostedZone would need the zone's name). */
class DomainInZone extends Identity {
  constructor(
    readonly value: string,
    readonly hostedZone: IPublicHostedZone,
  ) {
    super();
  }
}

/** The CloudWatch dimension SES publishes the configuration set's events under (its value: the set's name). */
export const MAIL_DIMENSION = 'ses:configuration-set';
/** The events SES counts for the alarms and the dashboard. */
export const MAIL_EVENTS = [
  EmailSendingEvent.SEND,
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
];

export class SupportMail extends Construct {
  readonly from: string;
  readonly to: string;
  readonly identities: MailIdentities;
  /** Per stage (CloudFormation names it): the support mail is sent with it (MAIL_CONFIGURATION_SET). */
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: SupportMailProps) {
    super(scope, id);
    this.from = props.from;
    this.to = props.to;
    this.identities = mailIdentities(props.from, props.to, Boolean(props.zone));
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet');
    this.configurationSet.addEventDestination('CloudWatch', {
      // ses:configuration-set is a tag SES puts on every message sent with the set.
      destination: EventDestination.cloudWatchDimensions([{ name: MAIL_DIMENSION, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'none' }]),
      events: MAIL_EVENTS,
    });
    if (!props.createIdentities) return;

    const { domain, addresses } = this.identities;
    if (domain && props.zone) {
      // Easy DKIM: SES makes the keys, the identity's binding writes the 3 CNAME records into the zone.
      new EmailIdentity(this, 'DomainIdentity', {
        identity: new DomainInZone(domain, props.zone),
        dkimIdentity: DkimIdentity.easyDkim(EasyDkimSigningKeyLength.RSA_2048_BIT),
      });
    }
    // At stack scope, under the ids they had before this construct existed: a changed logical id
    // would make CloudFormation create the identity again before deleting the old one (AlreadyExists).
    for (const { id: identityId, address } of addresses) {
      new EmailIdentity(Stack.of(this), `${identityId}Identity`, { identity: Identity.email(address) });
    }
  }

  /**
   * ARNs of every identity SES may check when the support mail is sent: the sender's and, in the
   * sandbox, the recipient's. The sender's domain is always among them, whether this stage verifies
   * it or not: a stage that only sends (`createIdentities` false) cannot know whether the owning stage
   * verified the domain (it has a hosted zone) or the addresses, and SES authorises a send with the
   * address identity when there is one, else with the domain's. Granting both keeps dev's mail working
   * beside a prod with a custom domain; `ses:FromAddress` still limits the grant to the support sender.
   */
  identityArns(): string[] {
    const { region, account, partition } = Stack.of(this);
    return [...new Set([domainOf(this.from), this.from, this.to])].map((name) => `arn:${partition}:ses:${region}:${account}:identity/${name}`);
  }

  /**
   * Lets a function send the support mail: `ses:SendEmail` on exactly those identities and the
   * stage's configuration set, only as the support sender (a verified domain would otherwise let it
   * send as any address of it), and the set's name as MAIL_CONFIGURATION_SET.
   */
  grantSend(fn: LambdaFunction): void {
    const { region, account, partition } = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [...this.identityArns(), `arn:${partition}:ses:${region}:${account}:configuration-set/${this.configurationSet.configurationSetName}`],
        conditions: { StringEquals: { 'ses:FromAddress': this.from } },
      }),
    );
    fn.addEnvironment('MAIL_CONFIGURATION_SET', this.configurationSet.configurationSetName);
  }
}
