/**
 * Admin rights follow the source of truth: an admin route runs only if the caller is in the `admins`
 * group NOW, read from Cognito (AdminListGroupsForUser), not only from the token's `cognito:groups`
 * claim, which stays in a token for its whole life (15 minutes) after the admin was removed. The
 * answer is cached per container for CACHE_MS, so a burst of admin calls costs one Cognito read, and
 * a removal takes effect everywhere within that time (at once in the container that removed them).
 */
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../shared/product.js';
import { cognitoIdp } from './clients.js';
import { config } from './config.js';

export const CACHE_MS = 5_000;
const cache = new Map<string, { admin: boolean; until: number }>();

/** Whether the user `sub` is in the admins group right now (a user Cognito does not know is not). */
export async function confirmAdmin(sub: string): Promise<boolean> {
  const hit = cache.get(sub);
  if (hit && hit.until > Date.now()) return hit.admin;
  let admin = false;
  try {
    const idp = await cognitoIdp();
    let NextToken: string | undefined;
    do {
      const r = await idp.send(new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: sub, NextToken }));
      admin ||= !!r.Groups?.some((g) => g.GroupName === ADMIN_GROUP);
      NextToken = r.NextToken;
    } while (NextToken && !admin);
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'UserNotFoundException') throw e;
  }
  cache.set(sub, { admin, until: Date.now() + CACHE_MS });
  return admin;
}

/** Forgets what is cached about `sub` (after this container changed their rights). */
export const forgetAdmin = (sub: string) => void cache.delete(sub);
