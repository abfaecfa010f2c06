/**
 * The review step of drafts (docs/back-office.md "Reviews") against the twin (DynamoDB Local,
 * cognito-local, local SES): reviewers named in User Management, 'Request review', 'Approve' and
 * 'Request changes' with their mail, and the gate: in a language with reviewers, Publish, Schedule
 * and bulk Publish take only a draft approved as it is now.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGED_SINCE_APPROVAL_TEXT,
  CHANGES_NEED_COMMENT_TEXT,
  NO_REVIEWERS_TEXT,
  NOT_APPROVED_TEXT,
  NOT_REVIEWER_TEXT,
  OWN_REQUEST_TEXT,
  type Approvals,
  type ItemApproval,
} from '../../shared/contracts/approvals.js';
import { OTHER_LANGUAGE_TEXT } from '../../shared/roles.js';
import type { Release } from '../../shared/contracts/publishing.js';
import { addPhrases, adminToken, api, editorToken, ok, pointAtTwin, signIn, subOf, twin, userToken } from './helpers.js';

const LANG = 'appr-it';
const OTHER = 'appr-other';
const EDITOR = 'appr.editor@parrotphrases.test';
const REVIEWER = 'appr.reviewer@parrotphrases.test';
const OUTSIDER = 'appr.outsider@parrotphrases.test';
const FLAG = 'https://flags.example/x.svg';
let admin: string;
let editor: string;
let reviewer: string;
let outsider: string;

const lesson = (lesson_id: string) => ({ kind: 'lesson', language_id: LANG, level_id: 'a1', lesson_id });
const query = (item: Record<string, string>) => `/api/admin/approval?${new URLSearchParams(item).toString()}`;
const request = (token: string, item: Record<string, string>, note?: string) => api('POST', '/api/admin/approvals/request', { token, body: { item, note } });
const answer = (token: string, item: Record<string, string>, decision: string, comments: unknown[] = []) =>
  api('POST', '/api/admin/approvals/answer', { token, body: { item, decision, comments } });
const publish = (token: string, item: Record<string, string>) => api('POST', '/api/admin/publish', { token, body: { item } });

interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
const mailsTo = async (email: string) =>
  ((await (await fetch(`http://127.0.0.1:${twin().ports.ses}/store`)).json()) as { emails: Mail[] }).emails.filter((m) => m.destination.to.includes(email));

async function draftLesson(id: string) {
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id, language_id: LANG, level_id: 'a1', title: `Lesson ${id}`, translated_title: id, is_draft: true } }),
  );
  await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: id }, `/media/content/audio/${id}.mp3`, [['Ciao', 'Hello']]);
}
const lessonNow = async (id: string) =>
  ((await ok(api('GET', `/api/lessons?language_id=${LANG}`, { token: admin }))).body as { id: string; version: number }[]).find((l) => l.id === id);
const publicLesson = async (id: string) => (await api('GET', `/api/pages/lesson/${LANG}/a1/${id}`)).status;

beforeAll(async () => {
  admin = await adminToken();
  for (const id of [LANG, OTHER]) {
    await ok(api('POST', '/api/languages', { token: admin, body: { id, name: `Approvals ${id}`, flag_url: FLAG } }));
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: id, title: 'Beginner', cefr_label: 'A1' } }));
  }
  editor = await editorToken(admin, EDITOR, [LANG]);
  outsider = await editorToken(admin, OUTSIDER, [OTHER]);
  await userToken(REVIEWER);
  reviewer = await editorToken(admin, REVIEWER, [LANG]);
  await draftLesson('first');
});

describe('without reviewers', () => {
  it('a language publishes as before, and a review cannot be requested', async () => {
    const state = (await ok(api('GET', query(lesson('first')), { token: editor }))).body as ItemApproval;
    expect(state).toEqual({ reviewed: false, approval: null });
    const asked = await request(editor, lesson('first'));
    expect([asked.status, asked.body.message]).toEqual([409, NO_REVIEWERS_TEXT]);
  });
});

describe('with a reviewer', () => {
  beforeAll(async () => {
    // Named in User Management: a reviewer of a language they edit.
    const refused = await api('PUT', `/api/admin/users/${subOf(reviewer)}/editor`, {
      token: admin,
      body: { languages: [OTHER], publish_posts: false, reviews: [LANG] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.reviews).toMatch(/also edit/);
    await ok(api('PUT', `/api/admin/users/${subOf(reviewer)}/editor`, { token: admin, body: { languages: [LANG], publish_posts: false, reviews: [LANG] } }));
    reviewer = await signIn(REVIEWER, 'Learner-Passw0rd!');
    const listed = (await ok(api('GET', `/api/admin/users?role=editors&q=${encodeURIComponent(REVIEWER)}`, { token: admin }))).body.items;
    expect(listed[0].editor).toEqual({ languages: [LANG], publish_posts: false, reviews: [LANG] });
  });

  it('refuses to publish, schedule or bulk-publish a draft nobody approved, for editors and admins alike', async () => {
    await expect.poll(async () => ((await api('GET', query(lesson('first')), { token: editor })).body as ItemApproval).reviewed, { timeout: 8000 }).toBe(true);
    for (const token of [editor, admin]) {
      const r = await publish(token, lesson('first'));
      expect([r.status, r.body.message]).toEqual([409, NOT_APPROVED_TEXT]);
    }
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await api('POST', '/api/admin/releases', { token: editor, body: { item: lesson('first'), publish_at: at } });
    expect([scheduled.status, scheduled.body.message]).toEqual([409, NOT_APPROVED_TEXT]);
    const bulk = await api('POST', '/api/admin/bulk', {
      token: editor,
      body: { language_id: LANG, action: 'publish', items: [{ level_id: 'a1', lesson_id: 'first' }] },
    });
    expect([bulk.status, bulk.body.message]).toEqual([409, NOT_APPROVED_TEXT]);
    expect(await publicLesson('first')).toBe(404);
  });

  it("'Request review' mails the reviewers; 'Request changes' needs a comment and mails it to the editor", async () => {
    const asked = (await ok(request(editor, lesson('first'), 'Please check the greeting'))).body;
    expect(asked).toMatchObject({ state: 'requested', current: true, requested_by: EDITOR, note: 'Please check the greeting', mail: 'sent' });
    await expect.poll(async () => (await mailsTo(REVIEWER)).at(-1)?.subject ?? '').toContain('Review requested: Lesson first');
    expect((await request(editor, lesson('first'))).status).toBe(409);

    // Only a reviewer answers: not the editor, not an editor of another language.
    const byEditor = await answer(editor, lesson('first'), 'approve');
    expect([byEditor.status, byEditor.body.message]).toEqual([403, NOT_REVIEWER_TEXT]);
    const byOutsider = await answer(outsider, lesson('first'), 'approve');
    expect([byOutsider.status, byOutsider.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);

    const silent = await answer(reviewer, lesson('first'), 'request_changes');
    expect([silent.status, silent.body.fields]).toEqual([400, { comments: CHANGES_NEED_COMMENT_TEXT }]);
    const comments = [{ target: 'title', text: 'Say "Greetings" instead' }];
    const changes = (await ok(answer(reviewer, lesson('first'), 'request_changes', comments))).body;
    expect(changes).toMatchObject({ state: 'changes_requested', answered_by: REVIEWER, comments, mail: 'sent' });
    await expect.poll(async () => (await mailsTo(EDITOR)).at(-1)?.body.text ?? '').toContain('Title: Say "Greetings" instead');

    // The editor reads the comments with the draft; publishing is still refused.
    const seen = (await ok(api('GET', query(lesson('first')), { token: editor }))).body as ItemApproval;
    expect(seen.approval?.comments).toEqual(comments);
    expect(seen.approval?.steps.map((s) => s.action)).toEqual(['request', 'request_changes']);
    expect((await publish(editor, lesson('first'))).status).toBe(409);
  });

  it("'Approve' of the draft as requested lets it be published, once; the steps stay for History", async () => {
    const before = await lessonNow('first');
    await ok(api('PUT', `/api/lessons/${LANG}/a1/first`, { token: editor, body: { title: 'Greetings', translated_title: 'first', version: before?.version } }));
    await ok(request(editor, lesson('first')));
    const forReviewer = (await ok(api('GET', '/api/admin/approvals', { token: reviewer }))).body as Approvals;
    expect(forReviewer.approvals.map((a) => [a.label, a.state, a.mine, a.may_answer])).toEqual([['Greetings', 'requested', false, true]]);
    expect(forReviewer.reviewed_languages).toEqual([LANG]);
    // The editor's own screen lists their request, not as something to answer.
    const forEditor = (await ok(api('GET', '/api/admin/approvals', { token: editor }))).body as Approvals;
    expect(forEditor.approvals.map((a) => [a.label, a.state, a.mine, a.may_answer])).toEqual([['Greetings', 'requested', true, false]]);

    await ok(answer(reviewer, lesson('first'), 'approve'));
    // One item went live: the approval taken in the same transaction is not counted as one.
    expect((await ok(publish(editor, lesson('first')))).body.published).toBe(1);
    expect(await publicLesson('first')).toBe(200);
    const after = (await ok(api('GET', query(lesson('first')), { token: admin }))).body as ItemApproval;
    expect(after.approval?.state).toBe('published');
    expect(after.approval?.steps.map((s) => s.action)).toEqual(['request', 'request_changes', 'request', 'approve', 'publish']);
    expect(((await ok(api('GET', '/api/admin/approvals', { token: reviewer }))).body as Approvals).approvals).toEqual([]);
  });

  it('an edit after the approval (a phrase of the draft lesson) returns it to unapproved', async () => {
    await draftLesson('second');
    await ok(request(editor, lesson('second')));
    await ok(answer(reviewer, lesson('second'), 'approve'));
    await addPhrases(editor, { language_id: LANG, level_id: 'a1', lesson_id: 'second' }, '/media/content/audio/second-2.mp3', [['Grazie', 'Thanks']]);
    const state = (await ok(api('GET', query(lesson('second')), { token: editor }))).body as ItemApproval;
    expect([state.approval?.state, state.approval?.current]).toEqual(['approved', false]);
    const r = await publish(editor, lesson('second'));
    expect([r.status, r.body.message]).toEqual([409, CHANGED_SINCE_APPROVAL_TEXT]);
    // A reviewer cannot answer a request of their own: a second person reads every draft.
    await ok(request(reviewer, lesson('second')));
    const own = await answer(reviewer, lesson('second'), 'approve');
    expect([own.status, own.body.message]).toEqual([403, OWN_REQUEST_TEXT]);
    await ok(answer(admin, lesson('second'), 'approve'));
    await ok(publish(reviewer, lesson('second')));
  });

  it("an editor of another language sees none of this language's reviews", async () => {
    const seen = (await ok(api('GET', '/api/admin/approvals', { token: outsider }))).body as Approvals;
    expect(seen.approvals.filter((a) => a.item.language_id === LANG)).toEqual([]);
    expect(seen.reviewed_languages).toEqual([]);
    const one = await api('GET', query(lesson('first')), { token: outsider });
    expect([one.status, one.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
  });
});

describe('a release scheduled before its language had reviewers', () => {
  const LATE = 'appr-late';
  const late = (lesson_id: string) => ({ kind: 'lesson', language_id: LATE, level_id: 'a1', lesson_id });
  const publicLate = async (id: string) => (await api('GET', `/api/pages/lesson/${LATE}/a1/${id}`)).status;
  const at = new Date(Date.now() + 2 * 3_600_000);
  const releases: Record<string, Release> = {};

  beforeAll(async () => {
    await ok(api('POST', '/api/languages', { token: admin, body: { id: LATE, name: 'Approvals late', flag_url: FLAG } }));
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LATE, title: 'Beginner', cefr_label: 'A1' } }));
    for (const id of ['unreviewed', 'approved']) {
      const body = { id, language_id: LATE, level_id: 'a1', title: `Lesson ${id}`, translated_title: id, is_draft: true };
      await ok(api('POST', '/api/lessons', { token: admin, body }));
      await addPhrases(admin, { language_id: LATE, level_id: 'a1', lesson_id: id }, `/media/content/audio/late-${id}.mp3`, [['Ciao', 'Hello']]);
      // No reviewers yet: scheduled as any release, with nothing to remember of a review.
      releases[id] = (await ok(api('POST', '/api/admin/releases', { token: admin, body: { item: late(id), publish_at: at.toISOString() } }))).body as Release;
    }
    // Then the language gets a reviewer, who approves one of the two drafts.
    await ok(
      api('PUT', `/api/admin/users/${subOf(reviewer)}/editor`, {
        token: admin,
        body: { languages: [LANG, LATE], publish_posts: false, reviews: [LANG, LATE] },
      }),
    );
    reviewer = await signIn(REVIEWER, 'Learner-Passw0rd!');
  });

  it('publishes at its time only a draft approved as it is, and ends the other as skipped with the reason', async () => {
    const reviewedNow = async () => ((await ok(api('GET', query(late('approved')), { token: admin }))).body as ItemApproval).reviewed;
    await expect.poll(reviewedNow, { timeout: 8000 }).toBe(true);
    await ok(request(admin, late('approved')));
    await ok(answer(reviewer, late('approved'), 'approve'));
    // The release function's work, in this process, with the twin's clock at the release's time.
    pointAtTwin({ cdn: true });
    const { runDueReleases } = await import('../../functions/services/releases.js');
    const ran = await runDueReleases(new Date(at.getTime() + 1000));
    const outcomeOf = (id: string) => ran.find((o) => o?.release.id === releases[id].id);
    expect(outcomeOf('unreviewed')).toMatchObject({ skipped: NOT_APPROVED_TEXT });
    expect(outcomeOf('approved')).toMatchObject({ published: 1 });
    expect(await publicLate('unreviewed')).toBe(404);
    expect(await publicLate('approved')).toBe(200);
    // Both ended; the skip is in the audit log, for the editor to read.
    const left = (await ok(api('GET', '/api/admin/releases', { token: admin }))).body as Release[];
    expect(left.filter((r) => r.item.kind !== 'post' && r.item.language_id === LATE)).toEqual([]);
    const log = (await ok(api('GET', `/api/admin/audit?entity=lesson&entity_id=${LATE}/a1/unreviewed`, { token: admin }))).body as {
      items: { action: string; after?: { skipped?: string } }[];
    };
    // Cut to the log's 80 characters.
    expect(log.items.find((e) => e.action === 'lesson.skip_release')?.after?.skipped).toBe(NOT_APPROVED_TEXT.slice(0, 79) + '…');
  });
});
