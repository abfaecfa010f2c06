/**
 * Everything that holds data: the single DynamoDB table, the content bucket (phrase audio, blog
 * images), the assets bucket (site settings images: logo, favicon, hero, screenshot) and the
 * access-log bucket. A deploy never deletes data (PITR, versioning); in prod nothing here is
 * deleted with the stack either (RETAIN, deletion protection), while a dev stack takes it all along.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { GSI1, GSI1_KEY, TABLE_KEY, TTL_ATTRIBUTE } from '../../../functions/lib/keys.js';
import { acknowledge } from './function.js';

export interface DataProps {
  /**
   * Origins allowed to POST presigned uploads straight to the buckets. The exact CloudFront domain
   * cannot be used: the distribution already depends on the buckets (origins), so naming it in the
   * bucket CORS rules would be a dependency cycle.
   */
  readonly uploadOrigins: string[];
  /** Keep the table and buckets when the stack is deleted (prod). @default true */
  readonly retain?: boolean;
}

/** Defaults every bucket of the stack shares. */
export const secureBucketProps: BucketProps = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  encryption: BucketEncryption.S3_MANAGED,
  versioned: true,
  removalPolicy: RemovalPolicy.RETAIN,
};

/**
 * What deleting the stack does to a bucket: prod keeps it; dev empties it (every version) and
 * deletes it, so a dev stack can be destroyed and redeployed without leftovers.
 */
export const bucketLifetime = (retain: boolean): Pick<BucketProps, 'removalPolicy' | 'autoDeleteObjects'> =>
  retain ? { removalPolicy: RemovalPolicy.RETAIN } : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

export class Data extends Construct {
  readonly table: Table;
  readonly contentBucket: Bucket;
  readonly assetsBucket: Bucket;
  /** Server access logs of every bucket and CloudFront standard logs. */
  readonly logsBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const retain = props.retain ?? true;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEY.partition, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEY.sort, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: retain,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Cross-partition lists (all languages, posts newest first, published posts): a fixed GSI1PK per list.
    this.table.addGlobalSecondaryIndex({
      indexName: GSI1,
      partitionKey: { name: GSI1_KEY.partition, type: AttributeType.STRING },
      sortKey: { name: GSI1_KEY.sort, type: AttributeType.STRING },
    });

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      ...secureBucketProps,
      ...bucketLifetime(retain),
      // CloudFront standard logging still writes through an ACL grant, so ACLs must stay enabled.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365), noncurrentVersionExpiration: Duration.days(30) }],
    });
    acknowledge(this.logsBucket, 'AwsSolutions-S1', 'This is the access-log destination bucket itself; logging it into itself would create a log loop.');

    const uploadCors = [
      {
        allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
        allowedOrigins: props.uploadOrigins,
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag', 'Location'],
        maxAge: 3000,
      },
    ];
    const dataBucket = (bucketId: string, prefix: string) =>
      new Bucket(this, bucketId, {
        ...secureBucketProps,
        ...bucketLifetime(retain),
        cors: uploadCors,
        serverAccessLogsBucket: this.logsBucket,
        serverAccessLogsPrefix: `s3/${prefix}/`,
        // Replaced or deleted media stays recoverable for a while, then stops costing money.
        lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) }],
      });
    this.contentBucket = dataBucket('ContentBucket', 'content');
    this.assetsBucket = dataBucket('AssetsBucket', 'assets');
  }
}
