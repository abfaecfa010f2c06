/**
 * Practice grades in the analytics client (frontend/src/analytics/client.ts): sent only while the
 * visitor's consent is 'all', never held for a later 'all' (as page events are), and batched with
 * the page's events in POST /api/analytics at most MAX_GRADE_BATCH a request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_GRADE_BATCH } from '@shared/analytics-limits';
import { analyticsBatchSchema, type GradeEvent } from '@shared/contracts/analytics';

let consent: string | null = null;
const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
const grade = (phrase_id: string, rating = 1): GradeEvent => ({ language_id: 'es', level_id: 'a1', lesson_id: 'hello', phrase_id, rating });
/** The bodies sent, parsed as the API parses them. */
const sent = () => fetchMock.mock.calls.map(([, init]) => analyticsBatchSchema.parse(JSON.parse(init.body as string)));

async function client() {
  vi.resetModules(); // a fresh client: nothing waiting from another test
  return import('../../../frontend/src/analytics/client');
}

beforeEach(() => {
  consent = null;
  fetchMock.mockClear();
  vi.stubGlobal('localStorage', { getItem: () => consent, setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('location', { pathname: '/es/a1/hello/practice' });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('practice grades in analytics', () => {
  for (const answer of [null, 'essential']) {
    it(`sends nothing with consent ${String(answer)}, and does not keep the grade for a later 'all'`, async () => {
      const a = await client();
      consent = answer;
      a.trackGrade(grade('P1'));
      a.flush();
      expect(fetchMock).not.toHaveBeenCalled();
      consent = 'all';
      a.trackGrade(grade('P2', 3));
      a.flush();
      expect(sent().flatMap((b) => b.grades)).toEqual([grade('P2', 3)]);
    });
  }

  it("with consent 'all', batches grades with the page's events, MAX_GRADE_BATCH a request", async () => {
    const a = await client();
    consent = 'all';
    a.track('page_view');
    const many = Array.from({ length: MAX_GRADE_BATCH + 3 }, (_, i) => grade(`P${i}`, (i % 4) + 1));
    many.forEach(a.trackGrade);
    a.flush();
    const bodies = sent();
    expect(bodies.map((b) => [b.events.length, b.grades.length])).toEqual([
      [1, MAX_GRADE_BATCH],
      [0, 3],
    ]);
    expect(bodies.flatMap((b) => b.grades)).toEqual(many);
    // Only the phrase and the grade travel: no id of a person or device.
    expect(Object.keys(bodies[0].grades[0]).sort()).toEqual(['language_id', 'lesson_id', 'level_id', 'phrase_id', 'rating']);
  });

  it('flushes on its own after 2 s', async () => {
    vi.useFakeTimers();
    try {
      const a = await client();
      consent = 'all';
      a.trackGrade(grade('P1'));
      expect(fetchMock).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2000);
      expect(sent().flatMap((b) => b.grades)).toEqual([grade('P1')]);
    } finally {
      vi.useRealTimers();
    }
  });
});
