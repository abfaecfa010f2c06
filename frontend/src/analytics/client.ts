/**
 * First-party analytics: events go to POST /api/analytics on our own API, never to a
 * third party, and ONLY when the visitor chose 'all' cookies.
 *
 * Consent decision: nothing at all leaves the browser unless cookie_consent_level is 'all' — not even
 * consent_status. Events raised before the visitor answers the banner wait in memory; 'all' sends them,
 * 'essential' drops them. So a refusal is never recorded (we accept not knowing the refusal rate).
 * No identifiers are sent: no cookie, no visitor or session id; the API stores counts only.
 *
 * Transport: events are batched (flushed after 2 s, at a full batch, and on pagehide) and sent with
 * a keepalive fetch (it outlives the page, as a beacon would, and can send application/json).
 *
 * Practice grades (trackGrade) travel in the same batches, for the phrases' anonymous daily counters
 * (docs/learners.md "Hardest phrases"): only while consent is 'all', never held for a later answer.
 */
import { MAX_ANALYTICS_BATCH as MAX_BATCH, MAX_ANALYTICS_PATH, MAX_GRADE_BATCH } from '@shared/analytics-limits';
import type { AnalyticsEventName, GradeEvent } from '@shared/contracts/analytics';
import { api } from '@shared/urls';
import { config } from '../config';
import { getConsent, onConsent } from './consent';

export const APP_VERSION = '1.0.0';
/** Shape of POST /api/analytics (analyticsBatchSchema): `value` is the number the API counts; other params travel along. */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  path: string;
  value?: number;
  params?: Record<string, string | number | boolean>;
}

let pending: AnalyticsEvent[] = []; // waiting for consent or for the next flush
let grades: GradeEvent[] = []; // waiting for the next flush (consent 'all' only)
let timer: ReturnType<typeof setTimeout> | undefined;

const allowed = () => getConsent() === 'all';

type Extra = { value?: number; params?: AnalyticsEvent['params']; path?: string };

export function track(name: AnalyticsEventName, extra: Extra = {}) {
  if (getConsent() === 'essential') return;
  pending.push({ name, path: location.pathname.slice(0, MAX_ANALYTICS_PATH), ...extra });
  if (!allowed()) {
    if (pending.length > 100) pending.shift(); // held until the visitor answers the banner; bounded
    return;
  }
  if (pending.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(flush, 2000);
}

/** A practice grade of a phrase: sent with the next batch when consent is 'all', else dropped (not held). */
export function trackGrade(grade: GradeEvent) {
  if (!allowed()) return;
  grades.push(grade);
  if (grades.length >= MAX_GRADE_BATCH) flush();
  else timer ??= setTimeout(flush, 2000);
}

export function flush() {
  clearTimeout(timer);
  timer = undefined;
  if (!allowed() || (!pending.length && !grades.length)) return;
  const url = `${config().apiBase}${api.analytics}`;
  const batches = Math.max(Math.ceil(pending.length / MAX_BATCH), Math.ceil(grades.length / MAX_GRADE_BATCH));
  for (let i = 0; i < batches; i++) {
    const events = pending.slice(i * MAX_BATCH, (i + 1) * MAX_BATCH);
    const graded = grades.slice(i * MAX_GRADE_BATCH, (i + 1) * MAX_GRADE_BATCH);
    send(url, JSON.stringify({ app_version: APP_VERSION, events, ...(graded.length ? { grades: graded } : {}) }));
  }
  pending = [];
  grades = [];
}

/**
 * JSON, as the API requires of every body (it refuses text/plain, which any site could make a
 * browser send). A keepalive fetch outlives the page like a beacon, which cannot send JSON.
 */
function send(url: string, body: string) {
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {
    /* analytics must never disturb the visitor */
  });
}

/** Page-level tracking: scroll depth, time on page, first interaction. Restarted per route. */
let pageStart = Date.now();
let pageStarted = false;
let pagePath = '';
let scrollHit = new Set<number>();
let lastScrollCheck = 0;
const THRESHOLDS = [25, 50, 75, 90];

function endPage() {
  const ms = Date.now() - pageStart;
  if (ms > 5000) track('time_on_page', { value: Math.round(ms / 1000), path: pagePath.slice(0, MAX_ANALYTICS_PATH) });
}

/** Call on every route change (including the first render; a page already recorded is not recorded again). */
export function pageView() {
  if (pageStarted && pagePath === location.pathname) return;
  if (pageStarted) endPage();
  pageStarted = true;
  pageStart = Date.now();
  pagePath = location.pathname;
  scrollHit = new Set();
  track('page_view', { params: { title: document.title } });
}

function onScroll() {
  const now = Date.now();
  if (now - lastScrollCheck < 1000) return; // at most once per second
  lastScrollCheck = now;
  const doc = document.documentElement;
  const scrollable = doc.scrollHeight - window.innerHeight;
  if (scrollable <= 0) return;
  const percent = (window.scrollY / scrollable) * 100;
  for (const t of THRESHOLDS) {
    if (percent >= t && !scrollHit.has(t)) {
      scrollHit.add(t);
      track('scroll', { value: t });
    }
  }
}

let started = false;
/** Once per page load: listeners, app_initialized, and the consent hook. */
export function initAnalytics() {
  if (started) return;
  started = true;
  window.addEventListener('scroll', onScroll, { passive: true });
  const first = () => {
    track('minimal_interaction');
    ['pointerdown', 'keydown'].forEach((t) => window.removeEventListener(t, first, true));
  };
  // Analytics may start after that first interaction (at idle, or when the visitor accepts): the browser remembers it
  // (where it can: older browsers have no navigator.userActivation).
  const nav: Partial<Pick<Navigator, 'userActivation'>> = navigator;
  if (nav.userActivation?.hasBeenActive) track('minimal_interaction');
  else ['pointerdown', 'keydown'].forEach((t) => window.addEventListener(t, first, { capture: true, passive: true }));
  // Usually an ErrorEvent, but any script may dispatch a plain Event named 'error' on the window.
  window.addEventListener('error', (e: Event & Partial<Pick<ErrorEvent, 'message' | 'filename' | 'lineno' | 'colno'>>) =>
    track('app_error', { params: { message: String(e.message).slice(0, 300), source: e.filename ?? '', line: e.lineno ?? 0, column: e.colno ?? 0 } }),
  );
  window.addEventListener('pagehide', () => {
    endPage();
    pageStarted = false;
    flush();
  });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  onConsent((level) => {
    if (level === 'essential') {
      pending = [];
      grades = [];
      return;
    }
    track('consent_status', { params: { level } });
    flush();
  });
  if (allowed()) track('consent_status', { params: { level: 'all' } });
  track('app_initialized', { params: { app_version: APP_VERSION } });
}
