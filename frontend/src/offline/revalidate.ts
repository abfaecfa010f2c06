/**
 * When the service worker revalidates the downloads, and what an answer means, as pure decisions
 * with their effects passed in (tested in tests/unit/frontend/offline-revalidate.test.ts; the worker
 * binds them to Cache Storage and fetch in sw/sw.ts). The bounds that keep a classroom behind one
 * address under the WAF's rate rule (2,000 counted requests per 5 minutes per IP) are here; the
 * figures are in docs/offline.md.
 *
 *  - A round (revalidating downloads in the background) starts at most every ROUND_EVERY_MS. Its
 *    time is kept in Cache Storage, not in the worker's memory: the browser stops an idle worker
 *    after seconds, and a module variable would start every page view with a round.
 *  - A round asks at most CHECK_BUDGET conditional requests (`If-None-Match`, a 304 when
 *    unchanged), the downloads checked longest ago first, each URL once, and re-makes at most one
 *    download; the rest wait for the next round.
 *  - 429 and 5xx (the WAF's rate rule, an outage) mean 'unknown': what is stored stays, the round
 *    stops there, and the next round is one interval later. Never 'changed': a re-download then
 *    would only add to the load that caused them.
 */

/** At most one round every ten minutes: any 5 minutes hold at most one. */
export const ROUND_EVERY_MS = 10 * 60_000;
/** Conditional requests per round (a download larger than this is still checked whole, alone). */
export const CHECK_BUDGET = 20;

/** What the site said about a stored page or read. */
export type Verdict = 'unchanged' | 'changed' | 'gone' | 'unknown';

/** Kept across worker restarts: when the last round started, and when each download was last checked. */
export interface RoundState {
  last: number;
  checked: Record<string, number>;
}

/** A download as a round sees it: its path (its id) and the pages and reads it stored, with their ETags. */
export interface Checkable {
  path: string;
  docs: { url: string; etag: string }[];
}

/** Whether a round may start now. A `last` in the future (the device's clock was set back) does not block for ever. */
export function roundDue(now: number, state: RoundState | undefined, every = ROUND_EVERY_MS): boolean {
  if (!state) return true;
  return now - state.last >= every || state.last > now;
}

/** One answer to a conditional request. */
export function verdictOf(status: number, redirected: boolean): Verdict {
  // Deleted (404, 410) or locked (its page now redirects to /locked-content).
  if (status === 404 || status === 410 || redirected) return 'gone';
  if (status === 304) return 'unchanged';
  if (status >= 200 && status < 300) return 'changed';
  // 429 (rate rule), 5xx (an outage), and anything else the site would not answer a page with (403...).
  return 'unknown';
}

/** A download's verdict from its documents': gone wins (the site said so), then unknown (ask later), then changed. */
export function outcomeOf(verdicts: Verdict[]): Verdict {
  for (const v of ['gone', 'unknown', 'changed'] as const) if (verdicts.includes(v)) return v;
  return 'unchanged';
}

/**
 * The downloads a round checks: longest unchecked first, as many as fit CHECK_BUDGET distinct URLs
 * (a URL two downloads hold, like /review, costs once); the first is taken even when larger.
 */
export function pickForRound(items: Checkable[], checked: Record<string, number>, budget = CHECK_BUDGET): Checkable[] {
  const order = [...items].sort((a, b) => (checked[a.path] ?? 0) - (checked[b.path] ?? 0) || a.path.localeCompare(b.path));
  const urls = new Set<string>();
  const picked: Checkable[] = [];
  for (const item of order) {
    const extra = item.docs.filter((d) => !urls.has(d.url)).length;
    if (picked.length && urls.size + extra > budget) break;
    picked.push(item);
    item.docs.forEach((d) => urls.add(d.url));
  }
  return picked;
}

/** The effects a round needs (the worker's: Cache Storage, fetch). */
export interface RoundEffects {
  now: () => number;
  load: () => Promise<RoundState | undefined>;
  save: (state: RoundState) => Promise<void>;
  downloads: () => Promise<Checkable[]>;
  /** A conditional GET of a stored page or read. */
  ask: (url: string, etag: string) => Promise<{ status: number; redirected: boolean }>;
  /** Makes a download anew; its outcome ('unknown' when the site would not answer now). */
  remake: (path: string) => Promise<'updated' | 'removed' | 'unknown'>;
  /** Removes a download the site no longer offers (and notes it for the /offline page). */
  remove: (path: string) => Promise<void>;
}

export interface RoundReport {
  ran: boolean;
  asked: number;
  verdicts: Record<string, Verdict>;
  remade?: string;
}

/**
 * One round, if one is due: its start is saved first (a worker stopped half-way still waits a whole
 * interval), then the picked downloads are checked one after the other. Gone: removed. Changed: made
 * anew, once per round (`remadeBefore`: the viewed page's download was, just before); a second changed
 * one ends the round. Unknown: kept as stored, and the round ends.
 */
export async function runRound(fx: RoundEffects, remadeBefore?: string): Promise<RoundReport> {
  const state = await fx.load();
  const now = fx.now();
  const report: RoundReport = { ran: false, asked: 0, verdicts: {} };
  if (!roundDue(now, state)) return report;
  await fx.save({ last: now, checked: state?.checked ?? {} });
  const items = await fx.downloads();
  const present = new Set(items.map((i) => i.path));
  // Downloads removed since are forgotten.
  const checked = Object.fromEntries(Object.entries(state?.checked ?? {}).filter(([path]) => present.has(path)));
  // A download just made anew (the page being viewed had changed) is fresh, and was this round's re-download.
  if (remadeBefore && present.has(remadeBefore)) {
    checked[remadeBefore] = now;
    report.remade = remadeBefore;
  }
  report.ran = true;

  const answers = new Map<string, Verdict>();
  for (const item of pickForRound(items, checked)) {
    const verdicts: Verdict[] = [];
    for (const d of item.docs) {
      const key = `${d.url} ${d.etag}`;
      let v = answers.get(key);
      if (!v) {
        report.asked++;
        const r = await fx.ask(d.url, d.etag).catch(() => ({ status: 0, redirected: false }));
        v = verdictOf(r.status, r.redirected);
        answers.set(key, v);
      }
      verdicts.push(v);
      // One answer that is not a 304 settles the download: no need to ask for the rest.
      if (v !== 'unchanged') break;
    }
    let outcome = outcomeOf(verdicts);
    if (outcome === 'gone') await fx.remove(item.path);
    // One re-download per round: a second changed download waits, unmarked, to be first next round.
    if (outcome === 'changed' && report.remade) {
      report.verdicts[item.path] = outcome;
      break;
    }
    if (outcome === 'changed') {
      if ((await fx.remake(item.path)) === 'unknown') outcome = 'unknown';
      else report.remade = item.path;
    }
    report.verdicts[item.path] = outcome;
    if (outcome === 'unknown') break;
    checked[item.path] = now;
  }
  await fx.save({ last: now, checked });
  return report;
}
