/**
 * When the service worker revalidates downloads, and what an answer means
 * (frontend/src/offline/revalidate.ts): the round's time outlives a stopped worker, 429 and 5xx
 * keep what is stored and end the round, a round's requests are bounded whatever is downloaded.
 * A fake site answers the conditional requests; "Cache Storage" is a JSON string that each new
 * worker instance reads, as the real one reads its entry.
 */
import { describe, expect, it } from 'vitest';
import {
  CHECK_BUDGET,
  outcomeOf,
  pickForRound,
  ROUND_EVERY_MS,
  roundDue,
  runRound,
  verdictOf,
  type Checkable,
  type RoundState,
} from '../../../frontend/src/offline/revalidate';

const MIN = 60_000;
const T0 = Date.parse('2026-11-27T09:00:00Z');

/** A lesson download: its page, practice page, read, and the shared review page. */
const lesson = (name: string, etag = 'v1'): Checkable => ({
  path: `/spanish/beginner/${name}`,
  docs: [`/spanish/beginner/${name}`, `/spanish/beginner/${name}/practice`, `/api/pages/lesson/spanish/beginner/${name}`, '/review'].map((url) => ({
    url,
    etag: url === '/review' ? 'r1' : etag,
  })),
});

/** The device's storage (what outlives the worker) and the site, shared by every worker instance made from them. */
function device(downloads: Checkable[]) {
  const disk = { rounds: undefined as string | undefined, downloads: [...downloads] };
  const site = { etags: new Map<string, string>(), status: undefined as number | undefined, remakeStatus: 'updated' as 'updated' | 'unknown' };
  for (const d of downloads) for (const doc of d.docs) site.etags.set(doc.url, doc.etag);
  const log = { asked: [] as string[], remade: [] as string[], removed: [] as string[] };
  /** A new worker: nothing in memory, only what `disk` holds. */
  const worker = (now: number) =>
    runRound({
      now: () => now,
      load: () => Promise.resolve(disk.rounds ? (JSON.parse(disk.rounds) as RoundState) : undefined),
      save: (s) => Promise.resolve(void (disk.rounds = JSON.stringify(s))),
      downloads: () => Promise.resolve(structuredClone(disk.downloads)),
      ask: (url, etag) => {
        log.asked.push(url);
        const current = site.etags.get(url);
        const status = site.status ?? (current === undefined ? 404 : current === etag ? 304 : 200);
        return Promise.resolve({ status, redirected: false });
      },
      remake: (path) => {
        log.remade.push(path);
        if (site.remakeStatus === 'unknown') return Promise.resolve('unknown' as const);
        const item = disk.downloads.find((d) => d.path === path);
        item?.docs.forEach((doc) => (doc.etag = site.etags.get(doc.url) ?? doc.etag));
        return Promise.resolve('updated' as const);
      },
      remove: (path) => {
        log.removed.push(path);
        disk.downloads = disk.downloads.filter((d) => d.path !== path);
        return Promise.resolve();
      },
    });
  return { disk, site, log, worker };
}

describe('what an answer means', () => {
  it('304 unchanged, 2xx changed, 404/410 or a redirect (locked) gone; 429, 5xx, a network failure and the rest unknown', () => {
    expect(verdictOf(304, false)).toBe('unchanged');
    expect(verdictOf(200, false)).toBe('changed');
    for (const s of [404, 410]) expect(verdictOf(s, false)).toBe('gone');
    expect(verdictOf(200, true)).toBe('gone');
    for (const s of [429, 500, 502, 503, 504, 403, 0]) expect(verdictOf(s, false), String(s)).toBe('unknown');
  });

  it("a download's outcome: gone, then unknown, then changed", () => {
    expect(outcomeOf(['unchanged', 'unchanged'])).toBe('unchanged');
    expect(outcomeOf(['unchanged', 'changed'])).toBe('changed');
    expect(outcomeOf(['changed', 'unknown'])).toBe('unknown');
    expect(outcomeOf(['unknown', 'gone'])).toBe('gone');
  });
});

describe('when a round runs', () => {
  it('at most every ten minutes; a clock set back does not block it for ever', () => {
    expect(roundDue(T0, undefined)).toBe(true);
    expect(roundDue(T0 + 9 * MIN, { last: T0, checked: {} })).toBe(false);
    expect(roundDue(T0 + ROUND_EVERY_MS, { last: T0, checked: {} })).toBe(true);
    expect(roundDue(T0 - MIN, { last: T0, checked: {} })).toBe(true);
  });

  it('the time of the last round outlives the worker: a restarted worker asks nothing within ten minutes', async () => {
    const d = device([lesson('greetings'), lesson('cafe')]);
    expect((await d.worker(T0)).ran).toBe(true);
    const asked = d.log.asked.length;
    expect(asked).toBeGreaterThan(0);
    // The browser stopped the idle worker; page views start new ones.
    for (const at of [T0 + 10_000, T0 + 3 * MIN, T0 + 9 * MIN + 59_000]) {
      expect((await d.worker(at)).ran).toBe(false);
    }
    expect(d.log.asked.length).toBe(asked);
    expect((await d.worker(T0 + ROUND_EVERY_MS)).ran).toBe(true);
  });

  it('a worker stopped half-way through a round still waits a whole interval (its start is saved first)', async () => {
    const d = device([lesson('greetings')]);
    d.site.status = 503;
    await d.worker(T0);
    expect(JSON.parse(d.disk.rounds ?? '{}').last).toBe(T0);
  });
});

describe('429 and 5xx', () => {
  it.each([429, 500, 503])('%s: unknown, what is stored stays, nothing is downloaded again, and the round stops', async (status) => {
    const d = device([lesson('greetings'), lesson('cafe'), lesson('weather')]);
    d.site.status = status;
    const report = await d.worker(T0);
    expect(Object.values(report.verdicts)).toEqual(['unknown']);
    expect(d.log.asked).toHaveLength(1);
    expect(d.log.remade).toEqual([]);
    expect(d.log.removed).toEqual([]);
    expect(d.disk.downloads).toHaveLength(3);
    // Tried again one interval later, not at the next page view.
    d.site.status = undefined;
    expect((await d.worker(T0 + MIN)).ran).toBe(false);
    expect(Object.values((await d.worker(T0 + ROUND_EVERY_MS)).verdicts)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('a re-download refused (429) keeps the stored download, unmarked, first in the next round', async () => {
    const d = device([lesson('cafe'), lesson('greetings')]);
    d.site.etags.set('/spanish/beginner/cafe', 'v2');
    d.site.remakeStatus = 'unknown';
    const report = await d.worker(T0);
    expect(report.verdicts).toEqual({ '/spanish/beginner/cafe': 'unknown' });
    expect(report.remade).toBeUndefined();
    d.site.remakeStatus = 'updated';
    const next = await d.worker(T0 + ROUND_EVERY_MS);
    expect(next.remade).toBe('/spanish/beginner/cafe');
  });
});

describe("a round's size", () => {
  it('a changed download is made anew; one per round, the next changed one is first in the next round', async () => {
    const d = device([lesson('a'), lesson('b'), lesson('c')]);
    for (const n of ['a', 'c']) d.site.etags.set(`/api/pages/lesson/spanish/beginner/${n}`, 'v2');
    const first = await d.worker(T0);
    expect(first.remade).toBe('/spanish/beginner/a');
    expect(first.verdicts['/spanish/beginner/c']).toBe('changed');
    expect(d.log.remade).toEqual(['/spanish/beginner/a']);
    const second = await d.worker(T0 + ROUND_EVERY_MS);
    expect(second.remade).toBe('/spanish/beginner/c');
    expect(d.log.remade).toEqual(['/spanish/beginner/a', '/spanish/beginner/c']);
  });

  it('a download the site no longer offers is removed', async () => {
    const d = device([lesson('a'), lesson('gone')]);
    d.site.etags.delete('/spanish/beginner/gone');
    await d.worker(T0);
    expect(d.log.removed).toEqual(['/spanish/beginner/gone']);
  });

  it(`asks at most ${CHECK_BUDGET} conditional requests, each URL once, and covers every download over the next rounds`, async () => {
    const many = Array.from({ length: 30 }, (_, i) => lesson(`l${String(i).padStart(2, '0')}`));
    const d = device(many);
    const seen = new Set<string>();
    for (let r = 0; r < 6; r++) {
      const before = d.log.asked.length;
      const report = await d.worker(T0 + r * ROUND_EVERY_MS);
      const asked = d.log.asked.slice(before);
      expect(asked.length).toBeLessThanOrEqual(CHECK_BUDGET);
      expect(new Set(asked).size).toBe(asked.length);
      Object.keys(report.verdicts).forEach((p) => seen.add(p));
    }
    expect(seen.size).toBe(30);
  });

  it('picks the downloads checked longest ago; a download larger than the budget is still checked, alone', () => {
    const items = [lesson('a'), lesson('b'), lesson('c')];
    expect(pickForRound(items, { '/spanish/beginner/a': T0 }, 7).map((i) => i.path)).toEqual(['/spanish/beginner/b', '/spanish/beginner/c']);
    const big: Checkable = { path: '/spanish/beginner', docs: Array.from({ length: 30 }, (_, i) => ({ url: `/d${i}`, etag: 'x' })) };
    expect(pickForRound([big, ...items], {}, 20).map((i) => i.path)).toEqual(['/spanish/beginner']);
  });

  it('a download just made anew because its page was viewed counts as the round’s re-download, and is not asked about', async () => {
    const d = device([lesson('a'), lesson('b')]);
    d.site.etags.set('/spanish/beginner/b', 'v2');
    const report = await runRoundAfterView(d, '/spanish/beginner/a');
    expect(report.remade).toBe('/spanish/beginner/a');
    expect(d.log.asked.every((u) => !u.startsWith('/spanish/beginner/a'))).toBe(true);
    expect(d.log.remade).toEqual([]);
  });
});

/** A round right after the worker remade `path` (the viewed page's download): the same effects, with the path passed. */
async function runRoundAfterView(d: ReturnType<typeof device>, path: string) {
  const effects = {
    now: () => T0,
    load: () => Promise.resolve(undefined),
    save: () => Promise.resolve(),
    downloads: () => Promise.resolve(structuredClone(d.disk.downloads)),
    ask: (url: string, etag: string) => {
      d.log.asked.push(url);
      return Promise.resolve({ status: d.site.etags.get(url) === etag ? 304 : 200, redirected: false });
    },
    remake: (p: string) => {
      d.log.remade.push(p);
      return Promise.resolve('updated' as const);
    },
    remove: () => Promise.resolve(),
  };
  return runRound(effects, path);
}
