/**
 * The review gate on direct writes (functions/services/review-gate.ts; docs/back-office.md
 * "Reviews"): which places it reads, and what counts as public. Cognito (the reviewer groups) and
 * DynamoDB are mocked so each call can be counted; the routes that use it run on the twin
 * (tests/integration/review-gate.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../functions/lib/config.js';
import { keys, type Key } from '../../functions/lib/keys.js';
import { forgetReviewers } from '../../functions/lib/membership.js';
import { requireDraftWhileReviewed } from '../../functions/services/review-gate.js';
import { DRAFT_ONLY_TEXT } from '../../shared/contracts/approvals.js';
import { reviewerLanguageGroup } from '../../shared/roles.js';

const cognito = mockClient(CognitoIdentityProviderClient);
const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => {
  cognito.reset();
  ddb.reset();
  forgetReviewers();
});

const REVIEWER = {
  Username: 'r',
  Attributes: [
    { Name: 'sub', Value: 'r' },
    { Name: 'email', Value: 'r@team.test' },
  ],
};
/** A table holding `items`, in which the languages `reviewed` have a reviewer. */
function course(reviewed: string[], items: (Key & Record<string, unknown>)[]) {
  cognito.on(ListUsersInGroupCommand).callsFake((input: { GroupName: string }) => ({
    Users: reviewed.some((l) => reviewerLanguageGroup(l) === input.GroupName) ? [REVIEWER] : [],
  }));
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Key[] }> }) => {
    const wanted = input.RequestItems[config.tableName].Keys;
    return { Responses: { [config.tableName]: items.filter((i) => wanted.some((k) => k.PK === i.PK && k.SK === i.SK)) } };
  });
}
const live = (key: Key, extra: Record<string, unknown> = {}) => ({ ...key, version: 1, ...extra });
const lesson = { language_id: 'es', level_id: 'a1', lesson_id: 'hola' };
const publicCourse = [live(keys.language('es')), live(keys.level('es', 'a1')), live(keys.lesson('es', 'a1', 'hola'))];
const refused = { kind: 'conflict', message: DRAFT_ONLY_TEXT };

describe('the review gate on direct writes', () => {
  it('refuses a write to what visitors see in a language with reviewers: a public lesson, the level a new lesson joins', async () => {
    course(['es'], publicCourse);
    await expect(requireDraftWhileReviewed(lesson)).rejects.toMatchObject(refused);
    await expect(requireDraftWhileReviewed({ language_id: 'es', level_id: 'a1' })).rejects.toMatchObject(refused);
  });

  it('reads nothing of the course in a language without reviewers', async () => {
    course([], publicCourse);
    await requireDraftWhileReviewed(lesson);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('lets through a place under a new draft (the lesson, its level or its language) and one that does not exist', async () => {
    for (const draft of [0, 1, 2]) {
      course(
        ['es'],
        publicCourse.map((item, n) => (n === draft ? { ...item, is_draft: true } : item)),
      );
      await requireDraftWhileReviewed(lesson);
      forgetReviewers();
    }
    course(['es'], publicCourse.slice(0, 2));
    await requireDraftWhileReviewed(lesson);
  });

  it('counts locked content as public: whoever unlocks it shows it at once', async () => {
    course(['es'], [live(keys.language('es')), live(keys.level('es', 'a1'), { is_locked: true }), live(keys.lesson('es', 'a1', 'hola'), { is_locked: true })]);
    await expect(requireDraftWhileReviewed(lesson)).rejects.toMatchObject(refused);
  });

  it('reads each key once (BatchGetItem refuses a key named twice), and only places of reviewed languages', async () => {
    course(['es'], []);
    // A group moved from one lesson to another of the same level, and a place in a language without reviewers.
    await requireDraftWhileReviewed(lesson, { ...lesson, lesson_id: 'adios' }, { language_id: 'fr', level_id: 'a1', lesson_id: 'salut' }, lesson);
    const asked = ddb.commandCalls(BatchGetCommand).flatMap((c) => c.args[0].input.RequestItems![config.tableName].Keys!.map((k) => `${k.PK}|${k.SK}`));
    expect(asked.sort()).toEqual(['LANG#es|LESSON#a1#adios', 'LANG#es|LESSON#a1#hola', 'LANG#es|LEVEL#a1', 'LANG#es|META']);
    // One read of each language's reviewers.
    expect(
      cognito
        .commandCalls(ListUsersInGroupCommand)
        .map((c) => c.args[0].input.GroupName)
        .sort(),
    ).toEqual([reviewerLanguageGroup('es'), reviewerLanguageGroup('fr')]);
  });

  it('refuses when any of the places is public (a group moved out of a public lesson into a draft one)', async () => {
    course(['es'], [...publicCourse, live(keys.lesson('es', 'a1', 'draft'), { is_draft: true })]);
    await expect(requireDraftWhileReviewed({ ...lesson, lesson_id: 'draft' }, lesson)).rejects.toMatchObject(refused);
  });
});
