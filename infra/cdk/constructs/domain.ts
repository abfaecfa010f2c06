/**
 * The custom domain: an ACM certificate validated through the given Route 53 hosted zone, and the
 * A/AAAA alias records that point the name at the distribution. CloudFront only accepts
 * certificates from us-east-1, so the stack must be deployed there when a domain is set (one stack,
 * no cross-region certificate stack to keep in step).
 */
import { Stack, Token } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AaaaRecord, ARecord, PublicHostedZone, RecordTarget, type IPublicHostedZone } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { ContextError } from '../context.js';

export interface DomainProps {
  /** e.g. phrases.example.org: the zone's apex or any name inside it. */
  readonly domainName: string;
  /** The public hosted zone that holds domainName. */
  readonly hostedZoneId: string;
}

export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

export class Domain extends Construct {
  readonly domainName: string;
  /** A public zone: ACM validates the certificate there, visitors resolve the alias records, SES the DKIM records. */
  readonly zone: IPublicHostedZone;
  readonly certificate: ICertificate;

  constructor(scope: Construct, id: string, props: DomainProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (Token.isUnresolved(region) || region !== CLOUDFRONT_CERTIFICATE_REGION) {
      throw new ContextError(
        `domainName ${props.domainName}: CloudFront only accepts ACM certificates from ${CLOUDFRONT_CERTIFICATE_REGION}, and this stack makes ` +
          `its certificate in its own region (${Token.isUnresolved(region) ? 'not set' : region}). Deploy the stack to ${CLOUDFRONT_CERTIFICATE_REGION} ` +
          `(AWS_REGION=${CLOUDFRONT_CERTIFICATE_REGION} npm run deploy), or leave domainName and hostedZoneId unset.`,
      );
    }
    this.domainName = props.domainName;
    // Imported by id, no lookup: synth stays offline. Record names below are absolute, so the zone's name is never needed.
    this.zone = PublicHostedZone.fromHostedZoneId(this, 'Zone', props.hostedZoneId);
    this.certificate = new Certificate(this, 'Certificate', {
      domainName: props.domainName,
      validation: CertificateValidation.fromDns(this.zone),
    });
  }

  /** Points the domain at the distribution (IPv4 and IPv6: the distribution serves both). */
  aliasTo(distribution: IDistribution): void {
    const target = RecordTarget.fromAlias(new CloudFrontTarget(distribution));
    const recordName = `${this.domainName}.`;
    new ARecord(this, 'AliasA', { zone: this.zone, recordName, target });
    new AaaaRecord(this, 'AliasAAAA', { zone: this.zone, recordName, target });
  }
}
