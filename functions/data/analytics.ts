/**
 * First-party analytics as daily aggregates only: one counter item per day and event name
 * (`ANALYTICS#{yyyy-mm-dd}` / `{event}`), bumped with UpdateItem ADD. No visitor data, paths or
 * ids are stored. GSI1 (`ANALYTICS` / `{day}#{event}`) makes any date range one Query.
 * Counters expire after ~13 months (TTL).
 */
import { GSI1, keys } from '../lib/keys.js';
import type { AnalyticsDay, AnalyticsEvent } from '../../shared/contracts/analytics.js';
import { queryAll, updateRaw } from './table.js';

const KEEP_DAYS = 400;
/** A single value (seconds on page, scroll percent) is clamped so one request cannot skew a sum. */
const MAX_VALUE = 86_400;
export const SERIES_DAYS = 30;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function recordEvents(events: AnalyticsEvent[], now = new Date()): Promise<void> {
  const day = dayOf(now);
  const totals = new Map<string, { count: number; sum: number }>();
  for (const e of events) {
    const t = totals.get(e.name) ?? { count: 0, sum: 0 };
    t.count += 1;
    if (e.value !== undefined) t.sum += Math.min(MAX_VALUE, Math.max(0, e.value));
    totals.set(e.name, t);
  }
  const ttl = Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400;
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
