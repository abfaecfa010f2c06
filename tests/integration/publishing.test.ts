/**
 * Drafts, previews, publishing and scheduled releases through the gateway against the twin: a draft
 * is public nowhere (pages, API, sitemap, catalogue) until published; a preview shows it to the
 * link's holder only and is never stored; publishing and a release invalidate the pages they change.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Publishing, Release, ReleaseRun } from '../../shared/contracts/publishing.js';
import { addPhrases, adminToken, api, ok, twin, userToken, pointAtTwin } from './helpers.js';

let admin: string;
const LANG = 'pub-it';
const flag = 'https://example.com/flag.svg';
const lessonBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  language_id: LANG,
  level_id: 'a1',
  title: `Lesson ${id}`,
  translated_title: `Translated ${id}`,
  ...extra,
});
const page = (path: string) => fetch(twin().url + path);
const publishing = async () => (await ok(api('GET', '/api/admin/publishing', { token: admin }))).body as Publishing;
const publish = (item: Record<string, string>) => api('POST', '/api/admin/publish', { token: admin, body: { item } });
const lessonRef = (lesson_id: string, level_id = 'a1') => ({ kind: 'lesson', language_id: LANG, level_id, lesson_id });

/** The release code in this process, against the twin's table and CDN (the same code the release function runs on AWS). */
async function inProcess() {
  pointAtTwin({ cdn: true });
  return {
    ...(await import('../../functions/services/releases.js')),
    ...(await import('../../functions/lib/clients.js')),
    ...(await import('../../functions/lib/powertools.js')),
    job: await import('../../functions/jobs/publish-release.js'),
  };
}
/** Runs the twin's release timer's work (the release function's sweep) with the clock at `at`. */
async function runReleasesAt(at: Date) {
  return (await inProcess()).runDueReleases(at);
}

/**
 * Runs `work` while DynamoDB fails the next publication (a transaction) with its own 500, which
 * DynamoDB Local never answers: every other call reaches the twin's table.
 */
async function withPublishFault<T>(work: () => Promise<T>): Promise<T> {
  const { ddb } = await inProcess();
  const real = ddb.send.bind(ddb) as (command: object) => Promise<never>;
  const mock = mockClient(ddb);
  let failed = false;
  const send = (command: object) => {
    if (command instanceof TransactWriteCommand && !failed) {
      failed = true;
      return Promise.reject(Object.assign(new Error('Internal server error'), { name: 'InternalServerError', $fault: 'server' }));
    }
    return real(command);
  };
  mock.send.callsFake(send as never);
  try {
    return await work();
  } finally {
    mock.restore();
  }
}

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Publishing', flag_url: flag } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: lessonBody('live') }));
  await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'live' }, '/media/content/audio/pub_1.mp3', [['Ciao', 'Hello']]);
});
afterAll(async () => {
  for (const lang of [LANG, 'pub-draft-lang']) await api('DELETE', `/api/languages/${lang}`, { token: admin });
});

describe('drafts', () => {
  it('keeps a new lesson saved as a draft out of every public read until it is published', async () => {
    // The level page is cached before the draft exists: publishing must end that copy.
    expect(await (await page(`/${LANG}/a1`)).text()).not.toContain('Lesson fresh');
    const created = await ok(api('POST', '/api/lessons', { token: admin, body: lessonBody('fresh', { is_draft: true }) }));
    expect(created.body).toMatchObject({ id: 'fresh', is_draft: true });
    await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'fresh' }, '/media/content/audio/pub_2.mp3', [['Buongiorno', 'Good morning']]);

    // Public nowhere: its page, the level's list, the catalogue, the sitemap, the neighbours' links.
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/fresh`)).status).toBe(404);
    expect((await page(`/${LANG}/a1/fresh`)).status).toBe(404);
    const level = (await ok(api('GET', `/api/pages/level/${LANG}/a1`))).body as { lessons: { id: string }[] };
    expect(level.lessons.map((l) => l.id)).toEqual(['live']);
    const catalogue = JSON.stringify((await ok(api('GET', `/api/catalogue/${LANG}`))).body);
    expect(catalogue).not.toContain('fresh');
    expect(catalogue).not.toContain('Buongiorno');
    expect(await (await page('/sitemap.xml')).text()).not.toContain(`/${LANG}/a1/fresh`);
    expect((await ok(api('GET', `/api/pages/lesson/${LANG}/a1/live`))).body.next).toBeNull();
    // The back office lists it, marked.
    const admins = (await ok(api('GET', `/api/lessons?language_id=${LANG}`, { token: admin }))).body as { id: string; is_draft?: boolean }[];
    expect(admins.find((l) => l.id === 'fresh')?.is_draft).toBe(true);

    const published = await ok(publish(lessonRef('fresh')));
    expect(published.body).toEqual({ item: lessonRef('fresh'), path: `/${LANG}/a1/fresh`, published: 1 });
    expect(await (await page(`/${LANG}/a1`)).text()).toContain('Lesson fresh');
    expect(await (await page(`/${LANG}/a1/fresh`)).text()).toContain('Buongiorno');
    expect((await ok(api('GET', `/api/pages/lesson/${LANG}/a1/live`))).body.next).toMatchObject({ id: 'fresh' });
    expect(await (await page('/sitemap.xml')).text()).toContain(`/${LANG}/a1/fresh`);
    // Nothing left to publish.
    expect((await publish(lessonRef('fresh'))).status).toBe(400);
  });

  it("keeps a public lesson's changes as a draft: the public page stays until Publish", async () => {
    const current = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/live`))).body.lesson as { version: number };
    const saved = await ok(
      api('PUT', '/api/admin/drafts', {
        token: admin,
        body: { item: lessonRef('live'), version: current.version, fields: { title: 'Lesson renamed', translated_title: 'Renamed' } },
      }),
    );
    expect(saved.body).toMatchObject({ item: lessonRef('live'), label: 'Lesson renamed', base_version: current.version, updated_by: twin().admin.email });
    expect((await publishing()).drafts.map((d) => d.label)).toContain('Lesson renamed');
    // The page shows the translated title.
    expect(await (await page(`/${LANG}/a1/live`)).text()).not.toContain('Renamed');

    await ok(publish(lessonRef('live')));
    expect(await (await page(`/${LANG}/a1/live`)).text()).toContain('Renamed');
    expect((await publishing()).drafts.some((d) => d.item.kind === 'lesson' && d.item.language_id === LANG && d.item.lesson_id === 'live')).toBe(false);
  });

  it('refuses a draft checked against its own schema, and one made on a stale version', async () => {
    const lesson = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/live`))).body.lesson as { version: number };
    const bad = await api('PUT', '/api/admin/drafts', { token: admin, body: { item: lessonRef('live'), version: lesson.version, fields: { title: 'x' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'fields.title': 'Title must be at least 2 characters' });
    const stale = await api('PUT', '/api/admin/drafts', {
      token: admin,
      body: { item: lessonRef('live'), version: lesson.version - 1, fields: { title: 'Old' } },
    });
    expect(stale.status).toBe(409);
    // A draft the public item moved past (someone saved it meanwhile) is not published over it.
    await ok(api('PUT', '/api/admin/drafts', { token: admin, body: { item: lessonRef('live'), version: lesson.version, fields: { title: 'Draft title' } } }));
    await ok(api('PUT', `/api/lessons/${LANG}/a1/live`, { token: admin, body: { ...lessonBody('live'), title: 'Saved live', version: lesson.version } }));
    const refused = await publish(lessonRef('live'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/changed after this draft was saved/);
    await ok(api('POST', '/api/admin/drafts/discard', { token: admin, body: { item: lessonRef('live') } }));
    expect((await api('POST', '/api/admin/drafts/discard', { token: admin, body: { item: lessonRef('live') } })).status).toBe(404);
  });

  it('publishes a draft level with everything in it in one step; a draft language is not public', async () => {
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'b1', language_id: LANG, title: 'Intermediate', cefr_label: 'B1', is_draft: true } }));
    for (const id of ['one', 'two']) await ok(api('POST', '/api/lessons', { token: admin, body: { ...lessonBody(id), level_id: 'b1', is_draft: true } }));
    expect((await api('GET', `/api/pages/level/${LANG}/b1`)).status).toBe(404);
    const language = (await ok(api('GET', `/api/pages/language/${LANG}`))).body as { levels: { id: string }[] };
    expect(language.levels.map((v) => v.id)).toEqual(['a1']);

    expect((await ok(publish({ kind: 'level', language_id: LANG, level_id: 'b1' }))).body.published).toBe(3);
    const lessons = (await ok(api('GET', `/api/pages/level/${LANG}/b1`))).body.lessons as { id: string }[];
    expect(lessons.map((l) => l.id)).toEqual(['one', 'two']);

    await ok(api('POST', '/api/languages', { token: admin, body: { id: 'pub-draft-lang', name: 'Hidden', flag_url: flag, is_draft: true } }));
    const listed = (await ok(api('GET', '/api/languages'))).body as { id: string }[];
    expect(listed.map((l) => l.id)).not.toContain('pub-draft-lang');
    expect((await api('GET', '/api/languages/pub-draft-lang')).status).toBe(404);
    expect((await page('/pub-draft-lang')).status).toBe(404);
    const forAdmins = (await ok(api('GET', '/api/admin/languages', { token: admin }))).body as { id: string }[];
    expect(forAdmins.map((l) => l.id)).toContain('pub-draft-lang');
  });
});

describe('previews', () => {
  it('shows the page as it will look to the holder of the link, never stored and never indexed', async () => {
    await ok(api('POST', '/api/lessons', { token: admin, body: lessonBody('preview-me', { is_draft: true }) }));
    const preview = await ok(api('POST', '/api/admin/previews', { token: admin, body: { item: lessonRef('preview-me') } }));
    const { url } = preview.body as { url: string; expires_at: string };
    expect(url).toMatch(/^\/preview\/[A-Za-z0-9_-]{32}$/);

    for (let i = 0; i < 2; i++) {
      const res = await page(url);
      expect(res.status).toBe(200);
      // The CDN never keeps it (browsers are told no-cache for every page, as CloudFront's headers policy does).
      expect(res.headers.get('x-cache')).toBe('Miss from cloudfront');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const html = await res.text();
      expect(html).toContain('Translated preview-me');
      expect(html).toContain('Only people with this link can see it.');
    }
    // The public page is still not there, and a link nobody was given shows nothing.
    expect((await page(`/${LANG}/a1/preview-me`)).status).toBe(404);
    for (const guess of ['/preview/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `${url}x`, '/preview/..%2Fadmin']) {
      const res = await page(guess);
      expect(res.status, guess).toBe(404);
      expect(await res.text()).not.toContain('Translated preview-me');
    }
  });

  it("shows a public lesson's pending draft in the preview only", async () => {
    const lesson = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/live`))).body.lesson as { version: number };
    await ok(
      api('PUT', '/api/admin/drafts', {
        token: admin,
        body: { item: lessonRef('live'), version: lesson.version, fields: { translated_title: 'Coming soon' } },
      }),
    );
    const { url } = (await ok(api('POST', '/api/admin/previews', { token: admin, body: { item: lessonRef('live') } }))).body as { url: string };
    expect(await (await page(url)).text()).toContain('Coming soon');
    expect(await (await page(`/${LANG}/a1/live`)).text()).not.toContain('Coming soon');
    await ok(api('POST', '/api/admin/drafts/discard', { token: admin, body: { item: lessonRef('live') } }));
  });
});

describe('scheduled releases', () => {
  it('publishes a draft at its time, invalidating its pages, and only then', async () => {
    await ok(api('POST', '/api/lessons', { token: admin, body: lessonBody('later', { is_draft: true }) }));
    expect(await (await page(`/${LANG}/a1`)).text()).not.toContain('Lesson later');
    const at = new Date(Date.now() + 3_600_000);

    const past = await api('POST', '/api/admin/releases', {
      token: admin,
      body: { item: lessonRef('later'), publish_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ publish_at: 'Choose a date and time in the future' });
    const language = await api('POST', '/api/admin/releases', {
      token: admin,
      body: { item: { kind: 'language', language_id: LANG }, publish_at: at.toISOString() },
    });
    expect(language.status).toBe(400);

    const release = (await ok(api('POST', '/api/admin/releases', { token: admin, body: { item: lessonRef('later'), publish_at: at.toISOString() } })))
      .body as Release;
    expect(release).toMatchObject({ item: lessonRef('later'), label: 'Lesson later', publish_at: at.toISOString(), created_by: twin().admin.email });
    expect((await api('POST', '/api/admin/releases', { token: admin, body: { item: lessonRef('later'), publish_at: at.toISOString() } })).status).toBe(409);
    // Moved an hour later, in another offset's notation (stored in UTC).
    const later = new Date(at.getTime() + 3_600_000);
    const moved = (
      await ok(api('PUT', `/api/admin/releases/${release.id}`, { token: admin, body: { publish_at: later.toISOString().replace('Z', '+00:00') } }))
    ).body as Release;
    expect(moved.publish_at).toBe(later.toISOString());
    expect((await publishing()).releases.map((r) => r.id)).toContain(release.id);

    // The twin's clock at the first time: not yet.
    expect((await runReleasesAt(at)).filter((o) => o?.release.id === release.id)).toEqual([]);
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/later`)).status).toBe(404);
    // At the moved time: published, the cached level page invalidated, the release gone, the log says who.
    const ran = (await runReleasesAt(new Date(later.getTime() + 1000))).filter((o) => o?.release.id === release.id);
    expect(ran).toEqual([{ release: moved, published: 1 }]);
    expect(await (await page(`/${LANG}/a1`)).text()).toContain('Lesson later');
    expect((await publishing()).releases.some((r) => r.id === release.id)).toBe(false);
    const log = (await ok(api('GET', `/api/admin/audit?entity=lesson`, { token: admin }))).body as { items: { action: string; entity_id: string }[] };
    expect(log.items.find((e) => e.entity_id === `${LANG}/a1/later`)?.action).toBe('lesson.publish');
  });

  it('cancels a release: the item stays a draft', async () => {
    await ok(api('POST', '/api/lessons', { token: admin, body: lessonBody('never', { is_draft: true }) }));
    const at = new Date(Date.now() + 60_000).toISOString();
    const release = (await ok(api('POST', '/api/admin/releases', { token: admin, body: { item: lessonRef('never'), publish_at: at } }))).body as Release;
    expect((await api('DELETE', `/api/admin/releases/${release.id}`, { token: admin })).status).toBe(204);
    expect((await api('DELETE', `/api/admin/releases/${release.id}`, { token: admin })).status).toBe(404);
    expect(await runReleasesAt(new Date(Date.now() + 120_000))).not.toContainEqual(
      expect.objectContaining({ release: expect.objectContaining({ id: release.id }) }),
    );
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/never`)).status).toBe(404);
  });
});

describe('a release whose run fails', () => {
  const schedule = async (lesson: string) => {
    await ok(api('POST', '/api/lessons', { token: admin, body: lessonBody(lesson, { is_draft: true }) }));
    const at = new Date(Date.now() + 3_600_000);
    const release = (await ok(api('POST', '/api/admin/releases', { token: admin, body: { item: lessonRef(lesson), publish_at: at.toISOString() } })))
      .body as Release;
    return { release, due: new Date(at.getTime() + 1000) };
  };
  const listed = async (id: string) => (await publishing()).releases.find((r) => r.id === id);
  const auditOf = async (lesson: string) =>
    (
      (await ok(api('GET', `/api/admin/audit?entity=lesson&entity_id=${encodeURIComponent(`${LANG}/a1/${lesson}`)}`, { token: admin }))).body as {
        items: { action: string; actor: { email: string }; after?: Record<string, string> }[];
      }
    ).items;

  it('is recorded as failed with its reason, stays, and the next sweep publishes it', async () => {
    const { release, due } = await schedule('flaky');
    const first = (await withPublishFault(() => runReleasesAt(due))).find((o) => o?.release.id === release.id);
    expect(first).toMatchObject({ failed: expect.stringContaining('unavailable (InternalServerError: Internal server error)') });
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/flaky`)).status).toBe(404);
    const failed = await listed(release.id);
    expect(failed).toMatchObject({ attempts: 1, last_error: 'A service the release needs was unavailable (InternalServerError: Internal server error)' });
    expect(Date.parse(failed!.failed_at!)).toBeGreaterThan(Date.now() - 60_000);

    // The next sweep (the twin's timer on AWS's clock): published, the failure forgotten with the release.
    const second = (await runReleasesAt(due)).find((o) => o?.release.id === release.id);
    expect(second).toMatchObject({ published: 1 });
    expect((await api('GET', `/api/pages/lesson/${LANG}/a1/flaky`)).status).toBe(200);
    expect(await listed(release.id)).toBeUndefined();
    expect((await auditOf('flaky'))[0]).toMatchObject({ action: 'lesson.publish', after: { how: expect.stringMatching(/^by the release/) } });
  });

  it("fails the release function's invocation (for Lambda's retries and the dead letter), and flushes its metrics", async () => {
    const { release } = await schedule('flaky-job');
    const { job, metrics } = await inProcess();
    const flushed = vi.spyOn(metrics, 'publishStoredMetrics');
    try {
      await expect(withPublishFault(() => job.handler({ release_id: release.id }, {} as never))).rejects.toThrow(`Release ${release.id}: A service`);
      expect(flushed).toHaveBeenCalled();
      expect(metrics.hasStoredMetrics()).toBe(false);
    } finally {
      flushed.mockRestore();
    }
    expect(await listed(release.id)).toMatchObject({ attempts: 1 });
    await ok(api('DELETE', `/api/admin/releases/${release.id}`, { token: admin }));
  });

  it("is run now by 'Retry' (checked server-side), which publishes it in the caller's name", async () => {
    const { release, due } = await schedule('retried');
    // Not failed and not overdue: 'Retry' refuses (Publish now is the way to publish early).
    const early = await api('POST', `/api/admin/releases/${release.id}/retry`, { token: admin });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("This release is not due yet: use 'Publish now' to publish it early.");
    await withPublishFault(() => runReleasesAt(due));
    expect(await listed(release.id)).toMatchObject({ attempts: 1, last_error: expect.any(String) });

    const learner = await userToken();
    expect((await api('POST', `/api/admin/releases/${release.id}/retry`)).status).toBe(401);
    expect((await api('POST', `/api/admin/releases/${release.id}/retry`, { token: learner })).status).toBe(403);
    const retried = await ok(api('POST', `/api/admin/releases/${release.id}/retry`, { token: admin }));
    expect(retried.body as ReleaseRun).toEqual({ id: release.id, item: lessonRef('retried'), outcome: 'published', published: 1 });
    expect(await (await page(`/${LANG}/a1`)).text()).toContain('Lesson retried');
    expect(await listed(release.id)).toBeUndefined();
    const [entry, ...earlier] = await auditOf('retried');
    expect(entry).toMatchObject({
      action: 'lesson.publish',
      actor: { email: twin().admin.email },
      after: { published: 'Lesson retried', how: expect.stringMatching(/^by 'Retry'/) },
    });
    // One entry for the retry: the run's own (the router writes none of its own).
    expect(earlier.map((e) => e.action)).toEqual(['lesson.schedule', 'lesson.create']);
    const gone = await api('POST', `/api/admin/releases/${release.id}/retry`, { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This release is no longer scheduled.');
  });

  it('that has nothing to publish ends it, and the audit log says why', async () => {
    const { release, due } = await schedule('stale');
    // Published by hand meanwhile: the release has nothing left to publish.
    await ok(publish(lessonRef('stale')));
    const ran = (await runReleasesAt(due)).find((o) => o?.release.id === release.id);
    expect(ran).toMatchObject({ skipped: expect.any(String) });
    expect(await listed(release.id)).toBeUndefined();
    const [entry] = await auditOf('stale');
    expect(entry).toMatchObject({
      action: 'lesson.skip_release',
      actor: { email: twin().admin.email },
      after: { skipped: (ran as { skipped: string }).skipped },
    });
  });
});

describe('who may publish', () => {
  it('refuses every publishing route to visitors (401) and learners (403)', async () => {
    const learner = await userToken();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/publishing'],
      ['PUT', '/api/admin/drafts', { item: lessonRef('live'), version: 1, fields: {} }],
      ['POST', '/api/admin/drafts/discard', { item: lessonRef('live') }],
      ['POST', '/api/admin/publish', { item: lessonRef('live') }],
      ['POST', '/api/admin/previews', { item: lessonRef('live') }],
      ['GET', '/api/admin/releases'],
      ['POST', '/api/admin/releases', { item: lessonRef('live'), publish_at: new Date(Date.now() + 60_000).toISOString() }],
      ['POST', '/api/admin/releases/01ARZ3NDEKTSV4RRFFQ69G5FAV/retry'],
      ['GET', '/api/admin/languages'],
      ['POST', '/api/admin/history/01ARZ3NDEKTSV4RRFFQ69G5FAV/restore'],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { token: learner, body })).status, `${method} ${path}`).toBe(403);
    }
  });
});
