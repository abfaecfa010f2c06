/**
 * The one public origin: CloudFront sends pages to the render function (server-rendered, cached
 * until a write invalidates them; a form page through the HTTP API, which takes its unsigned POST
 * body), the build's files from the site bucket, /api/* to the HTTP API,
 * and stored media from the content and assets buckets under /media/{bucket}/. Everything is
 * same-origin for the browser, so the SPA needs no CORS for its own API. How it splits and caches
 * is shared with the local gateway (../cdn-rules.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Aws, DefaultStackSynthesizer, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheHeaderBehavior,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestQueryStringBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CacheCookieBehavior,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { CfnFunction, IFunction, IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { bucketLifetime, secureBucketProps } from './data.js';
import { acknowledge, nagRef, nagString, repoRoot } from './function.js';

import { FORM_PATHS, IMMUTABLE, MEDIA_HEADERS, PUBLIC_API_PATTERNS, STATIC_PATTERNS, VIEWER_CACHE_CONTROL } from '../cdn-rules.js';
import { CONTENT_SECURITY_POLICY, HSTS_MAX_AGE_DAYS } from '../csp.js';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/lib/http.js';

export { CONTENT_SECURITY_POLICY };

/** Vite's assetsDir (frontend/vite.config.ts): content-hashed build output, safe to cache forever. */
const HASHED_DIR = 'static';
/** Where `npm run build` writes the SPA and the server renderer. */
export const FRONTEND_DIST = join(repoRoot, 'frontend', 'dist');
/** Never uploaded: source maps would publish the sources (Vite writes them for the twin and local debugging). */
export const UNPUBLISHED = ['*.map'];

/** Runtime config the SPA fetches as /config.json (the local twin writes its own). */
export interface SiteConfig {
  productName: string;
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  mediaBaseUrl: string;
  /** The review reminders' VAPID public key ('' where reminders are not set up). */
  vapidPublicKey: string;
}

/** The origin failures whose caching the distribution bounds (errorResponses), and for how long. */
export const SERVER_ERRORS = [500, 502, 503, 504] as const;
export const ERROR_CACHING_SECONDS = 5;

export interface SiteProps {
  readonly httpApi: HttpApi;
  /** Sent with every request to the API origin (/api/*, FORM_PATHS) as ORIGIN_VERIFY_HEADER; the functions refuse requests without it. */
  readonly originVerify: string;
  /** The URL of the render function's live alias (constructs/deployment.ts): the origin of every page. */
  readonly renderUrl: IFunctionUrl;
  /** The HTTP API's custom domain (constructs/domain.ts `serveApi`); without one, its execute-api endpoint. */
  readonly apiOriginName?: string;
  readonly contentBucket: IBucket;
  readonly assetsBucket: IBucket;
  readonly logsBucket: IBucket;
  readonly config: Omit<SiteConfig, 'apiBase' | 'mediaBaseUrl' | 'region'>;
  /** Custom domain + its ACM certificate (us-east-1, see domain.ts); without them the *.cloudfront.net name is used. */
  readonly domainName?: string;
  readonly certificate?: ICertificate;
  /** Optional WAFv2 web ACL (CLOUDFRONT scope) ARN. */
  readonly webAclArn?: string;
  /**
   * The `npm run build` output to upload (FRONTEND_DIST). Left out only by an offline synth that
   * will not be deployed (allowPlaceholders): then only config.json is uploaded.
   */
  readonly dist?: string;
  /** Keep the site bucket when the stack is deleted (prod). @default true */
  readonly retain?: boolean;
}

/** Every file of the build but source maps, sorted: `path NUL sha256(content)` lines. */
function buildFiles(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !f.name.endsWith('.map'))
    .map((f) => join(f.parentPath, f.name))
    .map((file) => `${relative(dist, file).split(sep).join('/')}\0${createHash('sha256').update(readFileSync(file)).digest('hex')}`)
    .sort();
}

/**
 * The deploy's invalidation runs when this changes (constructs/site-invalidation.ts). What the pages are made of: the build (the server renderer, index.html, the `static/` chunks the
 * HTML names, the other site files) and the render function's code and environment as they are
 * synthesized (its code's asset hash covers the handler and the renderer bundled with it).
 */
export function buildIdOf(dist: string | undefined, renderFunction: IFunction): string {
  const hash = createHash('sha256');
  for (const line of dist ? buildFiles(dist) : []) hash.update(`${line}\n`);
  const fn = renderFunction.node.defaultChild as CfnFunction;
  hash.update(JSON.stringify(Stack.of(renderFunction).resolve({ code: fn.code, environment: fn.environment })));
  return hash.digest('hex');
}

/** The security headers of every response the site sends (the media's CSP is its own). */
const SECURITY_HEADERS_BEHAVIOR = {
  contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
  contentTypeOptions: { override: true },
  frameOptions: { frameOption: HeadersFrameOption.SAMEORIGIN, override: true },
  referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
  strictTransportSecurity: { accessControlMaxAge: Duration.days(HSTS_MAX_AGE_DAYS), includeSubdomains: true, override: true },
};

/** How each kind of path is served: its origin, methods, cache key, what reaches the origin, and the headers added. */
interface Behaviors {
  page: BehaviorOptions;
  form: BehaviorOptions;
  publicApi: BehaviorOptions;
  api: BehaviorOptions;
  media: (bucket: IBucket) => BehaviorOptions;
  static: BehaviorOptions;
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** Uploads `static/` (content-hashed chunks); absent without a build. */
  readonly assetsDeployment?: BucketDeployment;
  /** Uploads the shell (the deploy's `/*` invalidation follows it: constructs/site-invalidation.ts). */
  readonly shellDeployment: BucketDeployment;
  /** https://{custom domain or distribution domain} */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    this.bucket = new Bucket(this, 'SiteBucket', {
      ...secureBucketProps,
      ...bucketLifetime(props.retain ?? true),
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      // Every deploy overwrites the shell files; their old versions are only worth a short rollback window.
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    });
    this.distribution = this.createDistribution(props, this.behaviors(props));
    this.url = `https://${props.domainName ?? this.distribution.distributionDomainName}`;
    this.acknowledgeDistribution(props);

    const { assets, shell } = this.deploy(props);
    this.assetsDeployment = assets;
    this.shellDeployment = shell;
  }

  /** The behaviours of the distribution, with the edge functions, cache and origin request policies and response headers they use. */
  private behaviors(props: SiteProps): Behaviors {
    const stack = Stack.of(this);
    // The render function sees its own URL as Host; canonical URLs need the one the visitor used.
    const forwardHost = new CfFunction(this, 'ForwardHost', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pass the viewer Host to the render function as x-forwarded-host',
      code: FunctionCode.fromInline(`function handler(event) {
  var req = event.request;
  req.headers['x-forwarded-host'] = { value: req.headers.host.value };
  return req;
}`),
    });
    // Stored keys are bucket-relative (audio/123_x.mp3); the public URL is /media/{content|assets}/{key}.
    const stripMediaPrefix = new CfFunction(this, 'StripMediaPrefix', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Map /media/{content|assets}/{key} to the bucket key',
      code: FunctionCode.fromInline(`function handler(event) {
  var req = event.request;
  req.uri = req.uri.replace(/^\\/media\\/(content|assets)\\//, '/');
  return req;
}`),
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Parrot Phrases security headers',
      securityHeadersBehavior: SECURITY_HEADERS_BEHAVIOR,
    });
    // Pages and public reads: the CDN keeps them for their s-maxage; browsers are told to revalidate
    // every time (a 304 when nothing changed), so an edit shows on the next load.
    const revalidateHeaders = new ResponseHeadersPolicy(this, 'RevalidateHeaders', {
      comment: 'Parrot Phrases security headers; browsers always revalidate pages and public reads',
      securityHeadersBehavior: SECURITY_HEADERS_BEHAVIOR,
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: VIEWER_CACHE_CONTROL, override: true }] },
    });
    const pages = this.pagePolicies();
    const apiCache = this.apiCachePolicy();

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const renderOrigin = FunctionUrlOrigin.withOriginAccessControl(props.renderUrl);
    const apiOrigin = new HttpOrigin(props.apiOriginName ?? `${props.httpApi.apiId}.execute-api.${stack.region}.${Aws.URL_SUFFIX}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
    });
    const mediaHeaders = this.mediaHeadersPolicy();

    const apiBehavior = (responseHeadersPolicy: ResponseHeadersPolicy): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCache,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
    });
    const page: BehaviorOptions = {
      origin: renderOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: pages.cache,
      originRequestPolicy: pages.request,
      responseHeadersPolicy: revalidateHeaders,
      functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    return {
      page,
      // The same page, which also takes its form's POST (never cached: the cache policy stores GET and HEAD only),
      // through the API's route to the render function: origin access control would refuse the form's unsigned
      // body at the function URL (constructs/forms.ts). The API origin adds the origin secret.
      form: { ...page, origin: apiOrigin, allowedMethods: AllowedMethods.ALLOW_ALL, originRequestPolicy: pages.formRequest },
      publicApi: apiBehavior(revalidateHeaders),
      api: apiBehavior(securityHeaders),
      media: (bucket) => ({
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: mediaHeaders,
        functionAssociations: [{ function: stripMediaPrefix, eventType: FunctionEventType.VIEWER_REQUEST }],
      }),
      static: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
      },
    };
  }

  /**
   * Pages are the same for every visitor: no cookie, header or Authorization is part of the key
   * or reaches the render function. The key is the path alone, so invalidating a path ends every
   * copy (`?utm_source=` included); the query still reaches the function (the locked screen reads
   * it), and pages that depend on it are never stored (s-maxage=0).
   */
  private pagePolicies() {
    const cache = new CachePolicy(this, 'PagesCache', {
      comment: 'Server-rendered pages: honour s-maxage, key on the path only',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const request = new OriginRequestPolicy(this, 'PagesRequest', {
      comment: 'Pages: the viewer host (for canonical URLs) and the query string; no cookies',
      headerBehavior: OriginRequestHeaderBehavior.allowList('x-forwarded-host'),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // A form posted without script (FORM_PATHS): also its origin (checked: same site only) and type.
    const formRequest = new OriginRequestPolicy(this, 'FormRequest', {
      comment: 'Page forms: the viewer host, origin and content type, the query; no cookies',
      headerBehavior: OriginRequestHeaderBehavior.allowList('x-forwarded-host', 'origin', 'content-type'),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    return { cache, request, formRequest };
  }

  /**
   * /api/*: the handlers decide with Cache-Control (public reads cache briefly, everything else
   * does not), so the policy honours the origin with a default TTL of 0. Authorization is part
   * of the key: CloudFront only forwards it on GET/HEAD when it is, and one caller's response
   * must never be served to another.
   */
  private apiCachePolicy() {
    return new CachePolicy(this, 'ApiCache', {
      comment: 'Honour API Cache-Control; key on query string and Authorization',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  }

  /**
   * Stored media (MEDIA_HEADERS, as the local gateway sends them): the embeddable banner on other
   * sites may load it (CORS), and an uploaded SVG can never run script here (CSP sandbox, nosniff).
   */
  private mediaHeadersPolicy() {
    return new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'Parrot Phrases media: CORS for any origin, sandboxed, nosniff',
      corsBehavior: {
        accessControlAllowCredentials: false,
        accessControlAllowHeaders: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD', 'OPTIONS'],
        accessControlAllowOrigins: [MEDIA_HEADERS['access-control-allow-origin']],
        originOverride: true,
      },
      securityHeadersBehavior: {
        ...SECURITY_HEADERS_BEHAVIOR,
        contentSecurityPolicy: { contentSecurityPolicy: MEDIA_HEADERS['content-security-policy'], override: true },
      },
    });
  }

  /** The distribution: pages by default, then each path pattern's behaviour (the rules of cdn-rules.ts). */
  private createDistribution(props: SiteProps, b: Behaviors) {
    const certificate = props.certificate;
    return new Distribution(this, 'Distribution', {
      comment: `${props.config.productName} site, API and media`,
      defaultBehavior: b.page,
      additionalBehaviors: {
        ...Object.fromEntries(FORM_PATHS.map((p) => [p, b.form])),
        ...Object.fromEntries(PUBLIC_API_PATTERNS.map((p) => [p, b.publicApi])),
        '/api/*': b.api,
        '/media/content/*': b.media(props.contentBucket),
        '/media/assets/*': b.media(props.assetsBucket),
        ...Object.fromEntries(STATIC_PATTERNS.filter((p) => p !== '/embed/*').map((p) => [p, b.static])),
        // The embed banner script is loaded by other sites: CORS allowed.
        '/embed/*': { ...b.static, responseHeadersPolicy: ResponseHeadersPolicy.CORS_ALLOW_ALL_ORIGINS_AND_SECURITY_HEADERS },
      },
      // A 5xx is kept seconds, not CloudFront's 10 s default nor an origin's s-maxage: a brief failure
      // ends for visitors when it ends at the origin. (CloudFront ignores no-store on a 5xx; the
      // last good copy of a page is served meanwhile, stale-if-error in functions/lib/http.ts.)
      errorResponses: SERVER_ERRORS.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(ERROR_CACHING_SECONDS) })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(certificate && props.domainName
        ? { certificate, domainNames: [props.domainName], minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
    });
  }

  /** cdk-nag's distribution findings that are choices of this site, each with its reason. */
  private acknowledgeDistribution(props: SiteProps) {
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'A language-learning site for a worldwide audience: there is no country it must be withheld from.');
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'No WAF by default: a web ACL has fixed monthly and per-request fees out of proportion for this small site; API Gateway stage throttling limits abuse, and a web ACL can be attached with the webAclArn context value.',
      );
    }
    if (!props.certificate) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy cannot be changed; setting domainName + hostedZoneId context switches to TLSv1.2_2021.',
      );
    }
  }

  /**
   * Uploads frontend/dist (from `npm run build`) and the generated config.json. Hashed files under
   * static/ are immutable and never pruned, so a tab still running the previous build can lazy-load
   * its chunks; the shell (index.html, config.json, embed script, icons) is revalidated each time
   * (same Cache-Control split as the local gateway). Source maps are never uploaded.
   */
  private deploy(props: SiteProps) {
    const dist = props.dist;
    const config: SiteConfig = {
      ...props.config,
      apiBase: '/api',
      region: Stack.of(this).region,
      mediaBaseUrl: '/media',
    };
    const common = { destinationBucket: this.bucket, prune: false, memoryLimit: 512 };

    let assets: BucketDeployment | undefined;
    if (dist && existsSync(join(dist, HASHED_DIR))) {
      assets = new BucketDeployment(this, 'DeployAssets', {
        ...common,
        sources: [Source.asset(join(dist, HASHED_DIR), { exclude: UNPUBLISHED })],
        destinationKeyPrefix: `${HASHED_DIR}/`,
        cacheControl: [CacheControl.fromString(IMMUTABLE)],
      });
    }
    const shellSources: ISource[] = [
      // Pages come from the render function; its server bundle and the build manifest are not public files.
      ...(dist
        ? [Source.asset(dist, { exclude: [HASHED_DIR, `${HASHED_DIR}/**`, '.ssr', '.ssr/**', '.vite', '.vite/**', 'index.html', ...UNPUBLISHED] })]
        : []),
      Source.jsonData('config.json', config),
    ];
    const shell = new BucketDeployment(this, 'DeployShell', {
      ...common,
      sources: shellSources,
      cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
    });
    // The order of a deploy: chunks uploaded, then the render function updated (its pages name those
    // chunks: stack.ts), the shell, then the one `/*` invalidation (constructs/site-invalidation.ts).
    if (assets) shell.node.addDependency(assets);

    this.acknowledgeDeploymentHandler();
    return { assets, shell };
  }

  /** BucketDeployment runs a CDK-provided singleton Lambda at stack level; its findings are acknowledged there. */
  private acknowledgeDeploymentHandler() {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c: IConstruct) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const why = 'CDK-managed BucketDeployment handler: ';
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `${why}AWS-maintained policy that only allows writing its own CloudWatch logs.`,
    );
    acknowledge(handler, 'AwsSolutions-L1', `${why}its Python runtime is pinned by aws-cdk-lib and moves with CDK upgrades, not with our code.`);
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      acknowledge(
        handler,
        `AwsSolutions-IAM5[Action::${action}]`,
        `${why}CDK grants read on the staged asset and read/write on the site bucket with these action groups to sync files.`,
      );
    }
    acknowledge(
      handler,
      `AwsSolutions-IAM5[Resource::${nagRef(this.bucket)}/*]`,
      `${why}it writes arbitrary file names of the SPA build into the site bucket, and only into it.`,
    );
    const qualifier =
      stack.synthesizer instanceof DefaultStackSynthesizer
        ? (stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER)
        : DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const stagingObjects = `arn:${stack.partition}:s3:::cdk-${qualifier}-assets-${stack.account}-${stack.region}/*`;
    acknowledge(
      handler,
      `AwsSolutions-IAM5[Resource::${nagString(stack, stagingObjects)}]`,
      `${why}reads the zipped build from the CDK bootstrap asset bucket, whose object keys are content hashes.`,
    );
  }
}
