/**
 * The review gate on direct writes (docs/back-office.md "Reviews", functions/services/review-gate.ts)
 * against the twin: in a language with reviewers, a write that would change at once what visitors
 * see (a public item's 'Update', a level or lesson added to what is public, a public lesson's live
 * phrases added, edited or deleted) is refused with 409 for editors and admins alike, and nothing is
 * written; drafts, what is not public yet and the structural writes go through; removing the last
 * reviewer lifts the gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_ONLY_TEXT, type ItemApproval } from '../../shared/contracts/approvals.js';
import { addPhrases, adminToken, api, editorToken, ok, signIn, subOf, userToken } from './helpers.js';

const LANG = 'gate-it';
const EDITOR = 'gate.editor@parrotphrases.test';
const REVIEWER = 'gate.reviewer@parrotphrases.test';
const FLAG = 'https://flags.example/gate.svg';
const AUDIO = '/media/content/audio/gate-live.mp3';
let admin: string;
let editor: string;
let reviewer: string;

type Phrase = { id: string; version: number };
const livePhrases = async () => (await ok(api('GET', `/api/phrases?language_id=${LANG}&level_id=a1&lesson_id=live`, { token: admin }))).body.items as Phrase[];
const versionOf = async (path: string, id: string) =>
  ((await ok(api('GET', path, { token: admin }))).body as { id: string; version: number }[]).find((i) => i.id === id)!.version;
/** Everything of the language as the back office lists it: what a refused write must leave as it was. */
const course = async () =>
  Promise.all([
    api('GET', '/api/admin/languages', { token: admin }).then((r) => (r.body as { id: string }[]).find((l) => l.id === LANG)),
    api('GET', `/api/levels?language_id=${LANG}`, { token: admin }).then((r) => r.body),
    api('GET', `/api/lessons?language_id=${LANG}`, { token: admin }).then((r) => r.body),
    api('GET', `/api/phrases?language_id=${LANG}`, { token: admin }).then((r) => r.body),
  ]);
const reviewed = async () => ((await ok(api('GET', `/api/admin/approval?kind=language&language_id=${LANG}`, { token: admin }))).body as ItemApproval).reviewed;
const setReviewer = (reviews: string[]) =>
  ok(api('PUT', `/api/admin/users/${subOf(reviewer)}/editor`, { token: admin, body: { languages: [LANG], publish_posts: false, reviews } }));

/** Each direct write of public content, by `token`, as the back office's 'Update' / Add / Edit Phrases would send it (in an order that all succeed without a gate). */
async function directWrites(token: string) {
  const [live] = await livePhrases();
  const lessonBody = { title: 'Changed', translated_title: 'Changed', version: await versionOf(`/api/lessons?language_id=${LANG}`, 'live') };
  const rows = [{ original_text: 'Ciao!', translated_text: 'Hi!' }];
  return {
    'PUT language': await api('PUT', `/api/languages/${LANG}`, {
      token,
      body: { name: 'Changed', flag_url: FLAG, version: await versionOf('/api/admin/languages', LANG) },
    }),
    'PUT level': await api('PUT', `/api/levels/${LANG}/a1`, {
      token,
      body: { title: 'Changed', cefr_label: 'A1', version: await versionOf(`/api/levels?language_id=${LANG}`, 'a1') },
    }),
    'PUT lesson': await api('PUT', `/api/lessons/${LANG}/a1/live`, { token, body: lessonBody }),
    'POST level': await api('POST', '/api/levels', { token, body: { id: 'a2', language_id: LANG, title: 'Added', cefr_label: 'A2' } }),
    'POST lesson': await api('POST', '/api/lessons', {
      token,
      body: { id: 'added', language_id: LANG, level_id: 'a1', title: 'Added', translated_title: 'Added' },
    }),
    'PUT phrase group': await api('PUT', '/api/phrases/group', {
      token,
      body: {
        language_id: LANG,
        level_id: 'a1',
        lesson_id: 'live',
        audio_url: AUDIO,
        old_audio_url: AUDIO,
        old_phrases: [{ id: live.id, version: live.version }],
        phrases: rows,
      },
    }),
    'POST phrases': await api('POST', '/api/phrases', {
      token,
      body: { language_id: LANG, level_id: 'a1', lesson_id: 'live', audio_url: AUDIO, phrases: rows },
    }),
    'DELETE phrase': await api('DELETE', `/api/phrases/${LANG}/a1/live/${live.id}`, { token }),
  };
}

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Gate', flag_url: FLAG } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'live', language_id: LANG, level_id: 'a1', title: 'Live', translated_title: 'Live' } }));
  await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'live' }, AUDIO, [['Ciao', 'Hello']]);
  const draft = { language_id: LANG, level_id: 'a1', title: 'Draft', translated_title: 'Draft', is_draft: true };
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'new-draft', ...draft } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'd1', language_id: LANG, title: 'Draft level', cefr_label: 'B1', is_draft: true } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'gone', language_id: LANG, title: 'Public, then deleted', cefr_label: 'C1' } }));
  editor = await editorToken(admin, EDITOR, [LANG]);
  await userToken(REVIEWER);
  reviewer = await editorToken(admin, REVIEWER, [LANG]);
});

// Leaves no reviewed language, draft or approval behind: other files read every draft, and an
// import (backup.test) plans from the whole table.
afterAll(async () => {
  await setReviewer([]);
  await ok(api('DELETE', `/api/languages/${LANG}`, { token: admin }));
});

describe('without reviewers', () => {
  it('a public lesson is updated directly, as before', async () => {
    const version = await versionOf(`/api/lessons?language_id=${LANG}`, 'live');
    await ok(api('PUT', `/api/lessons/${LANG}/a1/live`, { token: editor, body: { title: 'Live', translated_title: 'Live', version } }));
  });
});

describe('in a language with reviewers', () => {
  beforeAll(async () => {
    await setReviewer([LANG]);
    reviewer = await signIn(REVIEWER, 'Learner-Passw0rd!');
  });

  it('refuses every direct write of what visitors see, to editors and admins alike, and writes nothing', async () => {
    await expect.poll(reviewed, { timeout: 8000 }).toBe(true);
    const before = await course();
    for (const token of [editor, admin]) {
      const answers = await directWrites(token);
      for (const [what, r] of Object.entries(answers)) expect([r.status, r.body?.message], what).toEqual([409, DRAFT_ONLY_TEXT]);
    }
    expect(await course()).toEqual(before);
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/live`)).body.lesson.title).toBe('Live');
  });

  it('takes the same changes as drafts, writes of what is not public yet, and the structural writes', async () => {
    // 'Save as draft' of the public lesson, its phrases too: the public page is unchanged.
    const version = await versionOf(`/api/lessons?language_id=${LANG}`, 'live');
    const item = { kind: 'lesson', language_id: LANG, level_id: 'a1', lesson_id: 'live' };
    await ok(api('PUT', '/api/admin/drafts', { token: editor, body: { item, version, fields: { title: 'Live, reviewed' } } }));
    const row = { language_id: LANG, level_id: 'a1', lesson_id: 'live', audio_url: AUDIO, phrases: [{ original_text: 'Grazie', translated_text: 'Thanks' }] };
    await ok(api('POST', '/api/phrases/draft', { token: editor, body: row }));
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/live`)).body.lesson.title).toBe('Live');

    // New drafts, and anything under one, are not public.
    await ok(api('POST', '/api/levels', { token: editor, body: { id: 'a3', language_id: LANG, title: 'Drafted', cefr_label: 'A2', is_draft: true } }));
    const drafted = { id: 'drafted', language_id: LANG, level_id: 'a1', title: 'Drafted', translated_title: 'Drafted', is_draft: true };
    await ok(api('POST', '/api/lessons', { token: editor, body: drafted }));
    const draftVersion = await versionOf(`/api/lessons?language_id=${LANG}`, 'new-draft');
    await ok(api('PUT', `/api/lessons/${LANG}/a1/new-draft`, { token: editor, body: { title: 'Draft 2', translated_title: 'Draft', version: draftVersion } }));
    await addPhrases(editor, { language_id: LANG, level_id: 'a1', lesson_id: 'new-draft' }, '/media/content/audio/gate-draft.mp3', [['Sì', 'Yes']]);
    await ok(
      api('POST', '/api/lessons', { token: editor, body: { id: 'under', language_id: LANG, level_id: 'd1', title: 'Under', translated_title: 'Under' } }),
    );
    await addPhrases(editor, { language_id: LANG, level_id: 'd1', lesson_id: 'under' }, '/media/content/audio/gate-under.mp3', [['No', 'No']]);

    // Order, lock and the Trash (a public level deleted) stay direct.
    await ok(api('POST', `/api/lessons/${LANG}/a1/live/lock`, { token: editor, body: { is_locked: true } }));
    await ok(api('POST', `/api/lessons/${LANG}/a1/live/lock`, { token: editor, body: { is_locked: false } }));
    await ok(api('POST', `/api/lessons/${LANG}/a1/live/move`, { token: editor, body: { direction: 'down' } }));
    await ok(api('DELETE', `/api/lessons/${LANG}/a1/drafted`, { token: editor }));
    await ok(api('DELETE', `/api/levels/${LANG}/gone`, { token: editor }));
    expect((await api('GET', `/api/pages/level/${LANG}/gone`)).status).toBe(404);
  });

  it('lifts once the last reviewer is removed', async () => {
    await setReviewer([]);
    await expect.poll(reviewed, { timeout: 8000 }).toBe(false);
    const answers = await directWrites(editor);
    for (const [what, r] of Object.entries(answers)) expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/live`)).body.lesson.title).toBe('Changed');
  });
});
