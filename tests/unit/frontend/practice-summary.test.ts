/**
 * The practice screen's words and settings (practice/summary.ts, practice/settings.ts), pulled out
 * of the island so its counts, plurals, due groups and stored settings fail here, not in a browser.
 */
import { describe, expect, it } from 'vitest';
import { newSchedule } from '@shared/schedule';
import { settingsFrom } from '../../../frontend/src/practice/settings';
import type { StoredCard } from '../../../frontend/src/practice/device-store';
import { doneSummary, dueByLanguage, dueCount, nextDueLine, nextReviewLine, soonest } from '../../../frontend/src/practice/summary';

const NOW = new Date('2026-03-02T12:00:00Z');
const HOUR = 3600_000;

function card(language_id: string, phrase_id: string, dueIn: number): StoredCard {
  const schedule = { ...newSchedule(NOW), due: new Date(NOW.getTime() + dueIn).toISOString() };
  return {
    id: `${language_id}/l/s/${phrase_id}`,
    language_id,
    level_id: 'l',
    lesson_id: 's',
    phrase_id,
    original_text: phrase_id,
    translated_text: phrase_id,
    audio_url: `/media/${phrase_id}.mp3`,
    language_name: language_id,
    schedule,
    log: [],
  };
}

describe('session complete', () => {
  it('counts the phrases, with the ones graded Again', () => {
    expect(doneSummary(1, 0, true)).toBe('You practised 1 phrase.');
    expect(doneSummary(12, 3, true)).toBe('You practised 12 phrases (3 needed another try).');
  });

  it('says a hands-free run schedules nothing, and then gives no next review', () => {
    expect(doneSummary(2, 0, false)).toBe('You listened to 2 phrases hands-free. Hands-free is not graded: practise with the grades to schedule reviews.');
    expect(nextReviewLine(NOW.toISOString(), NOW, false)).toBe('');
    expect(nextReviewLine(undefined, NOW, true)).toBe('');
  });

  it('tells the next review in words', () => {
    expect(nextReviewLine(new Date(NOW.getTime() + 10 * 60_000).toISOString(), NOW, true)).toMatch(/^Next review: in 10 minutes \(.+\)\.$/);
  });
});

describe('/review', () => {
  it('groups the due cards by language, soonest first, leaving out the ones not due', () => {
    const groups = dueByLanguage([card('fr', 'b', -HOUR), card('es', 'a', -2 * HOUR), card('fr', 'c', -3 * HOUR), card('es', 'later', HOUR)], NOW);
    expect(groups.map((g) => g.map((c) => c.phrase_id))).toEqual([['c', 'b'], ['a']]);
  });

  it('counts cards and finds the soonest due time', () => {
    expect([dueCount(1), dueCount(4)]).toEqual(['1 card due', '4 cards due']);
    expect(soonest(['2026-03-05T00:00:00.000Z', undefined, '2026-03-03T00:00:00.000Z'])).toBe('2026-03-03T00:00:00.000Z');
    expect(soonest([])).toBeUndefined();
  });

  it('says when the next card is due, or how cards get here', () => {
    expect(nextDueLine(new Date(NOW.getTime() + 24 * HOUR).toISOString(), NOW)).toMatch(/^Your next card is due tomorrow \(.+\)\.$/);
    expect(nextDueLine(undefined, NOW)).toBe('Practise a lesson, and its phrases come back here when they are due.');
  });
});

describe('practice settings', () => {
  it('defaults to Listen with single-key shortcuts on', () => {
    for (const raw of [null, '', '{', 'null', '{"direction":"sideways"}'])
      expect(settingsFrom(raw)).toEqual({ direction: 'listen', singleKeys: true, goal: 0 });
  });

  it('keeps Say it and shortcuts turned off', () => {
    expect(settingsFrom('{"direction":"say","singleKeys":false}')).toEqual({ direction: 'say', singleKeys: false, goal: 0 });
  });
});
