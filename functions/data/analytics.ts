/**
 * First-party analytics as daily aggregates only: one counter item per day and event name
 * (`ANALYTICS#{yyyy-mm-dd}` / `{event}`), bumped with UpdateItem ADD. No visitor data, paths or
 * ids are stored. GSI1 (`ANALYTICS` / `{day}#{event}`) makes any date range one Query.
 * Counters expire after ~13 months (TTL).
 *
 * Practice grades (consent 'all') are counted the same way per day and phrase: reviews and 'Again'
 * answers (`GRADES#{lang}` / `{day}#{level}#{lesson}#{phrase}`), for the Coverage screen's hardest
 * phrases. Only grades of phrases every visitor may open are counted: a client cannot make counters
 * for ids of its choosing, nor learn from them what is not public.
 */
import { GSI1, keys } from '../lib/keys.js';
import type { AnalyticsDay, AnalyticsEvent, GradeEvent } from '../../shared/contracts/analytics.js';
import { HARDEST_DAYS } from '../../shared/contracts/coverage.js';
import type { GradeCount } from '../../shared/hardest.js';
import { lessonPathOf, openLessons } from './visibility.js';
import { batchGet, queryAll, updateRaw } from './table.js';

const KEEP_DAYS = 400;
/** A single value (seconds on page, scroll percent) is clamped so one request cannot skew a sum. */
const MAX_VALUE = 86_400;
export const SERIES_DAYS = 30;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400;

export async function recordEvents(events: AnalyticsEvent[], now = new Date()): Promise<void> {
  const day = dayOf(now);
  const totals = new Map<string, { count: number; sum: number }>();
  for (const e of events) {
    const t = totals.get(e.name) ?? { count: 0, sum: 0 };
    t.count += 1;
    if (e.value !== undefined) t.sum += Math.min(MAX_VALUE, Math.max(0, e.value));
    totals.set(e.name, t);
  }
  const ttl = expiry(now);
  await Promise.all(
    [...totals].map(([name, t]) =>
      updateRaw({
        Key: keys.analyticsDay(day, name),
        UpdateExpression: 'ADD #c :c, #sum :sum, #v :one SET entity = :e, #day = :day, #name = :name, GSI1PK = :gpk, GSI1SK = :gsk, #ttl = :ttl',
        ExpressionAttributeNames: { '#c': 'count', '#sum': 'value_sum', '#v': 'version', '#day': 'day', '#name': 'name', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':c': t.count,
          ':sum': t.sum,
          ':one': 1,
          ':e': 'analytics_day',
          ':day': day,
          ':name': name,
          ':gpk': keys.analyticsListPk,
          ':gsk': keys.analyticsList(day, name).GSI1SK,
          ':ttl': ttl,
        },
      }),
    ),
  );
}

/** The last `days` days up to today (UTC), oldest first, zeros for days without events. */
export async function dailySeries(days = SERIES_DAYS, now = new Date()): Promise<AnalyticsDay[]> {
  const dates = Array.from({ length: days }, (_, i) => dayOf(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));
  const items = await queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    // '#' sorts before any event name character and '~' after: the whole first and last day.
    ExpressionAttributeValues: { ':pk': keys.analyticsListPk, ':from': `${dates[0]}#`, ':to': `${dates[days - 1]}#~` },
  });
  const byDay = new Map<string, AnalyticsDay>(dates.map((date) => [date, { date, page_views: 0, events: {} }]));
  for (const i of items) {
    const d = byDay.get(String(i.day));
    if (!d) continue;
    const n = Number(i.count ?? 0);
    d.events[String(i.name)] = n;
    if (i.name === 'page_view') d.page_views = n;
  }
  return [...byDay.values()];
}

const phraseId = (g: Pick<GradeEvent, 'language_id' | 'level_id' | 'lesson_id' | 'phrase_id'>) => `${lessonPathOf(g)}/${g.phrase_id}`;

/**
 * Adds practice grades to their phrases' counters of the day: one UpdateItem ADD per phrase. Grades
 * of phrases that do not exist or that not every visitor may open (a draft, locked content) are
 * dropped: two BatchGetItems find them (the phrases, then their lessons' places).
 */
export async function recordGrades(grades: GradeEvent[], now = new Date()): Promise<number> {
  const totals = new Map<string, { grade: GradeEvent; reviews: number; again: number }>();
  for (const g of grades) {
    const t = totals.get(phraseId(g)) ?? { grade: g, reviews: 0, again: 0 };
    t.reviews += 1;
    if (g.rating === 1) t.again += 1;
    totals.set(phraseId(g), t);
  }
  const refs = [...totals.values()].map((t) => t.grade);
  const found = new Set(
    (await batchGet(refs.map((g) => keys.phrase(g.language_id, g.level_id, g.lesson_id, g.phrase_id)))).map(
      (p) => `${String(p.language_id)}/${String(p.level_id)}/${String(p.lesson_id)}/${String(p.id)}`,
    ),
  );
  const existing = refs.filter((g) => found.has(phraseId(g)));
  const open = existing.length ? await openLessons(existing) : new Set<string>();
  const counted = [...totals.values()].filter((t) => found.has(phraseId(t.grade)) && open.has(lessonPathOf(t.grade)));
  const day = dayOf(now);
  await Promise.all(
    counted.map(({ grade: g, reviews, again }) =>
      updateRaw({
        Key: keys.gradeDay(day, g.language_id, g.level_id, g.lesson_id, g.phrase_id),
        UpdateExpression:
          'ADD reviews :r, again :a, #v :one SET entity = :e, #day = :day, language_id = :lang, level_id = :level, lesson_id = :lesson, phrase_id = :phrase, #ttl = :ttl',
        ExpressionAttributeNames: { '#v': 'version', '#day': 'day', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':r': reviews,
          ':a': again,
          ':one': 1,
          ':e': 'grade_day',
          ':day': day,
          ':lang': g.language_id,
          ':level': g.level_id,
          ':lesson': g.lesson_id,
          ':phrase': g.phrase_id,
          ':ttl': expiry(now),
        },
      }),
    ),
  );
  return counted.reduce((n, t) => n + t.reviews, 0);
}

/** A language's grade counters of the last `days` days up to today (UTC): one Query of its partition. */
export async function gradeCounts(language: string, days = HARDEST_DAYS, now = new Date()): Promise<GradeCount[]> {
  const range = keys.gradeDays(language, dayOf(new Date(now.getTime() - (days - 1) * 86_400_000)), dayOf(now));
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.PK, ':from': range.SKFrom, ':to': range.SKTo },
  });
  return items.map((i) => ({
    level_id: String(i.level_id),
    lesson_id: String(i.lesson_id),
    phrase_id: String(i.phrase_id),
    reviews: Number(i.reviews ?? 0),
    again: Number(i.again ?? 0),
  }));
}
