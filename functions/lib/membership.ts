/**
 * Rights follow the source of truth: an admin or editor route runs only if the caller is in the
 * group NOW, read from Cognito (AdminListGroupsForUser), not only from the token's `cognito:groups`
 * claim, which stays in a token for its whole life (15 minutes) after the rights were removed. The
 * answer is cached per container for CACHE_MS, so a burst of calls costs one Cognito read, and a
 * removal takes effect everywhere within that time (at once in the container that removed them).
 */
import { AdminListGroupsForUserCommand, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { reviewerLanguageGroup } from '../../shared/roles.js';
import { cognitoIdp } from './clients.js';
import { config } from './config.js';

export const CACHE_MS = 5_000;
const cache = new Map<string, { groups: string[]; until: number }>();

/** The groups the user `sub` is in right now (none for a user Cognito does not know). */
export async function currentGroups(sub: string): Promise<string[]> {
  const hit = cache.get(sub);
  if (hit && hit.until > Date.now()) return hit.groups;
  const groups: string[] = [];
  try {
    const idp = await cognitoIdp();
    let NextToken: string | undefined;
    do {
      const r = await idp.send(new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: sub, NextToken }));
      for (const g of r.Groups ?? []) if (g.GroupName) groups.push(g.GroupName);
      NextToken = r.NextToken;
    } while (NextToken);
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'UserNotFoundException') throw e;
  }
  cache.set(sub, { groups, until: Date.now() + CACHE_MS });
  return groups;
}

/** Forgets what is cached about `sub` (after this container changed their rights). */
export const forgetGroups = (sub: string) => void cache.delete(sub);

/** A language's reviewer: their `sub` and e-mail, as the pool keeps them. */
export interface Reviewer {
  sub: string;
  email: string;
}
const reviewers = new Map<string, { members: Reviewer[]; until: number }>();

/**
 * The reviewers of `language` right now (the `reviewers#{language}` group: ListUsersInGroup, cached
 * CACHE_MS as the groups are; none when the group was never made). Whether a language has any
 * decides, live, whether its drafts need an approval before they are published or scheduled.
 */
export async function reviewersOf(language: string): Promise<Reviewer[]> {
  const hit = reviewers.get(language);
  if (hit && hit.until > Date.now()) return hit.members;
  const members: Reviewer[] = [];
  try {
    const idp = await cognitoIdp();
    let NextToken: string | undefined;
    do {
      const r = await idp.send(new ListUsersInGroupCommand({ UserPoolId: config.userPoolId, GroupName: reviewerLanguageGroup(language), NextToken }));
      for (const u of r.Users ?? []) {
        const attr = (name: string) => u.Attributes?.find((a) => a.Name === name)?.Value;
        if (u.Enabled !== false) members.push({ sub: attr('sub') ?? u.Username ?? '', email: attr('email') ?? '' });
      }
      NextToken = r.NextToken;
    } while (NextToken);
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'ResourceNotFoundException') throw e;
  }
  reviewers.set(language, { members, until: Date.now() + CACHE_MS });
  return members;
}

/** Forgets what is cached about a language's reviewers (after this container changed them). */
export const forgetReviewers = () => reviewers.clear();
