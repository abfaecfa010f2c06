/**
 * API Gateway v2 (payload 2.0) events built from a plain request: the local gateway uses it for
 * every /api call, and the render function to answer a page's API reads in-process with the API's
 * own handlers, so both get exactly what API Gateway would have delivered. Without a route it is a
 * function URL's event (the same payload 2.0, routeKey `$default`): `npm run invoke` and `npm run
 * event` build both kinds here.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import type { RouteDef } from '../routes.js';

export interface PlainRequest {
  method: string;
  /** Path without the query, e.g. `/api/pages/language/fr`. */
  path: string;
  /** Query without the `?`. */
  query: string;
  /** The route API Gateway matched; none for a function URL. */
  route?: Pick<RouteDef, 'method' | 'path'>;
  params: Record<string, string>;
  /** Partial: a header is read by name and may be missing (the render function sends none). */
  headers?: Partial<Record<string, string>>;
  body?: string;
  claims?: Record<string, unknown>;
  sourceIp?: string;
}

export function apiEvent(r: PlainRequest): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers = r.headers ?? {};
  const routeKey = r.route ? `${r.route.method} ${r.route.path}` : '$default';
  const search = new URLSearchParams(r.query);
  return {
    version: '2.0',
    routeKey,
    rawPath: r.path,
    rawQueryString: r.query,
    headers,
    queryStringParameters: r.query ? Object.fromEntries(search) : undefined,
    pathParameters: Object.keys(r.params).length ? r.params : undefined,
    body: r.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      http: { method: r.method, path: r.path, protocol: 'HTTP/1.1', sourceIp: r.sourceIp ?? '', userAgent: headers['user-agent'] ?? '' },
      authorizer: r.claims ? { principalId: '', integrationLatency: 0, jwt: { claims: r.claims, scopes: [] } } : undefined,
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const lambdaContext = (functionName: string, requestId: string) =>
  ({ getRemainingTimeInMillis: () => 30_000, functionName, awsRequestId: requestId }) as unknown as Context;
