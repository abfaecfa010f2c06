/**
 * The custom domain: an ACM certificate validated through the given Route 53 hosted zone, and the
 * A/AAAA alias records that point the name at the distribution. CloudFront only accepts
 * certificates from us-east-1, so the stack must be deployed there when a domain is set (one stack,
 * no cross-region certificate stack to keep in step). The same certificate also names the API's
 * origin (`api-origin.{domain}`): CloudFront reaches the HTTP API there, and the execute-api endpoint
 * is turned off (docs/infra.md "Only CloudFront reaches the API").
 */
import { Stack, Token } from 'aws-cdk-lib';
import { ApiMapping, CfnApi, DomainName, type HttpApi, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AaaaRecord, ARecord, PublicHostedZone, RecordTarget, type IPublicHostedZone } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties, CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { ContextError } from '../context.js';

export interface DomainProps {
  /** e.g. phrases.example.org: the zone's apex or any name inside it. */
  readonly domainName: string;
  /** The public hosted zone that holds domainName. */
  readonly hostedZoneId: string;
}

export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';
/** The API's own name under the domain: CloudFront's /api/* origin, never a visitor's. */
export const apiOriginNameOf = (domainName: string) => `api-origin.${domainName}`;

export class Domain extends Construct {
  readonly domainName: string;
  /** A public zone: ACM validates the certificate there, visitors resolve the alias records, SES the DKIM records. */
  readonly zone: IPublicHostedZone;
  readonly certificate: ICertificate;
  /** CloudFront's origin name for the HTTP API (serveApi). */
  readonly apiOriginName: string;

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
    this.apiOriginName = apiOriginNameOf(props.domainName);
    // Imported by id, no lookup: synth stays offline. Record names below are absolute, so the zone's name is never needed.
    this.zone = PublicHostedZone.fromHostedZoneId(this, 'Zone', props.hostedZoneId);
    this.certificate = new Certificate(this, 'Certificate', {
      domainName: props.domainName,
      // A regional API custom domain takes a certificate of its own region: this stack's (us-east-1, above).
      subjectAlternativeNames: [this.apiOriginName],
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

  /**
   * The HTTP API under apiOriginName (a regional custom domain mapped to its stage, with its alias
   * record), and no execute-api endpoint: only CloudFront, through this name, reaches the API.
   */
  serveApi(httpApi: HttpApi, stage: HttpStage): void {
    const domain = new DomainName(this, 'ApiOrigin', { domainName: this.apiOriginName, certificate: this.certificate });
    new ApiMapping(this, 'ApiOriginMapping', { api: httpApi, domainName: domain, stage });
    new ARecord(this, 'ApiOriginA', {
      zone: this.zone,
      recordName: `${this.apiOriginName}.`,
      target: RecordTarget.fromAlias(new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId)),
    });
    (httpApi.node.defaultChild as CfnApi).disableExecuteApiEndpoint = true;
  }
}
