/**
 * Per-route throttling on the HTTP API's $default stage, below the stage default (100 rps, burst 200,
 * in api.ts) for the routes that send mail, write on every page view, or cost money per call.
 * These limits are shared by all callers of a route; per-caller limits are the WAF's rate rule.
 */
import { Token } from 'aws-cdk-lib';
import { CfnRoute, type CfnStage, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { routeKey, type RouteDef } from '../../../functions/routes.js';

export interface RouteThrottle {
  /** Steady requests per second, all callers together. */
  readonly rateLimit: number;
  /** Requests allowed at once above the steady rate. */
  readonly burstLimit: number;
}

/** Keyed by routeKey() of functions/routes.ts; a key that names no route fails the synth. */
export const ROUTE_THROTTLES: Readonly<Record<string, RouteThrottle>> = {
  // Every message is stored and mailed through SES, whose account quota is a few mails per second (1 in the sandbox).
  'POST /api/support': { rateLimit: 2, burstLimit: 5 },
  // Beacons of page views, one small batch per visit: plenty of head room, yet no write flood.
  'POST /api/analytics': { rateLimit: 20, burstLimit: 50 },
  // Admin-only, but each call is billed by Polly per character and can take seconds.
  'POST /api/media/tts': { rateLimit: 2, burstLimit: 4 },
  // Anyone may create a reminder row: a flood of rows would only cost the hourly job its time.
  'POST /api/reminders': { rateLimit: 5, burstLimit: 10 },
};

/**
 * Sets the stage's RouteSettings for each throttled route. Throws when a key names no route of the
 * table (a renamed route would otherwise silently lose its limit) or no route of this stage's API.
 */
export function applyRouteThrottles(
  stage: HttpStage,
  table: readonly Pick<RouteDef, 'method' | 'path'>[],
  throttles: Readonly<Record<string, RouteThrottle>> = ROUTE_THROTTLES,
): void {
  const known = new Set(table.map(routeKey));
  const cfnStage = stage.node.defaultChild as CfnStage;
  const apiRoutes = new Map<string, CfnRoute>();
  for (const c of stage.api.node.findAll()) {
    if (c instanceof CfnRoute) apiRoutes.set(c.routeKey, c);
  }

  const settings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
  for (const [key, { rateLimit, burstLimit }] of Object.entries(throttles)) {
    if (!known.has(key)) throw new Error(`Route throttle "${key}" names no route of functions/routes.ts: rename it with the route`);
    const route = apiRoutes.get(key);
    if (!route)
      throw new Error(`Route throttle "${key}": the route is in the table but not on this stage's API (apply the throttles after the routes are added)`);
    if (!(rateLimit > 0 && burstLimit >= 1 && Number.isInteger(burstLimit))) {
      throw new Error(`Route throttle "${key}": rateLimit must be positive and burstLimit a positive integer`);
    }
    settings[key] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
    cfnStage.addResourceDependency(route, 'API Gateway refuses RouteSettings for a route that does not exist yet');
  }
  // RouteSettings is free-form JSON in CloudFormation: the keys are written as given.
  const existing: unknown = cfnStage.routeSettings;
  if (existing !== undefined && (typeof existing !== 'object' || Token.isUnresolved(existing))) {
    throw new Error('Route throttles: the stage already has RouteSettings that cannot be merged');
  }
  cfnStage.routeSettings = { ...existing, ...settings };
}
