/**
 * The contract between the server-rendered public pages and the scripts that act on them (the
 * islands, the loader's listeners, the inline head script): every `data-*` attribute a script reads
 * or writes is named here once, grouped by the island that owns it. Pages put one on an element with
 * `attr()`, scripts find it with `sel()` and read it with `el.getAttribute()`, so a renamed or
 * misspelt attribute is a compile error on both sides, never a control that silently stops working.
 * (tests/unit/frontend/markup.test.ts checks that every name here is both written and read.)
 */

/** Any island's root: which island it is, its state, and the Play control the head script starts early. */
export const ROOT = {
  /** The island's name (loader.ts imports its module): audio, practice, offline, ... */
  island: 'data-island',
  /** Set once the island's script has taken over. */
  mounted: 'data-mounted',
  /** Set by an island whose control is invisible (its place kept) until it works, e.g. 'Download for offline'. */
  ready: 'data-ready',
  /** Set (by the head script) while the root's <audio> plays. */
  playing: 'data-playing',
  /** Play/pause of the root's first <audio>: the head script plays it before the island arrives. */
  play: 'data-play',
} as const;

/** The page's frame: the head script's marks on <html>, the header, menu, back buttons, dates and images. */
export const SITE = {
  /** On <html>: script runs. */
  js: 'data-js',
  /** On <html>: the visitor answered the cookie banner. */
  consent: 'data-consent',
  /** On <html>: the promo bar was dismissed this session. */
  promoDismissed: 'data-promo-dismissed',
  /** A cookie banner button: the consent level it stores. */
  consentChoice: 'data-consent-choice',
  promoDismiss: 'data-promo-dismiss',
  header: 'data-site-header',
  /** On the header once the page is scrolled (its shadow). */
  scrolled: 'data-scrolled',
  /** The mobile menu's popover. */
  menu: 'data-menu',
  /** A Back button: the path it falls back to. */
  back: 'data-back',
  /** 'Back to top': the id of the heading that takes the focus. */
  toTop: 'data-to-top',
  /** Hidden for everyone in the cached HTML, shown to a signed-in admin or editor. */
  adminOnly: 'data-admin-only',
  /** A date the server writes in UTC and the script rewrites as the visitor's day. */
  localDate: 'data-local-date',
  /** On an <img> or the favicon <link>: the src to use when it cannot load ('' shows the placeholder after it). */
  fallback: 'data-fallback',
} as const;

/** The audio player (components/audio/AudioPlayer.tsx, islands/audio.ts). */
export const AUDIO = {
  /** ± seconds. */
  seek: 'data-seek',
  /** A speed button: its playback rate. */
  speed: 'data-speed',
  track: 'data-track',
  fill: 'data-fill',
  current: 'data-current',
  duration: 'data-duration',
} as const;

/** The practice screen (practice/PracticeScreen.tsx, practice/island.ts and its parts). */
export const PRACTICE = {
  /** The reminders panel on the done screen and /review (practice/Reminders.tsx), and its parts. */
  reminders: 'data-reminders',
  /** Its line: what is on ('Reminders are on: at 18:00 …'). */
  reminderLine: 'data-reminder-line',
  /** The hour's label and its select (the script adds the 24 hours). */
  reminderPick: 'data-reminder-pick',
  reminderHour: 'data-reminder-hour',
  /** 'Remind me when cards are due' and 'Stop reminders'. */
  reminderOn: 'data-reminder-on',
  reminderStop: 'data-reminder-stop',
  /** What a tap did, or why it could not. */
  reminderStatus: 'data-reminder-status',
  /** On the root: 'lesson' or 'review'. */
  mode: 'data-mode',
  /** On the root: 'listen' or 'say' (the styles follow it). */
  direction: 'data-direction',
  /** A direction button: the direction it picks. */
  directionChoice: 'data-direction-choice',
  /** The lesson's deck, a JSON <script>. */
  deck: 'data-deck',
  stage: 'data-stage',
  /** The answer's <details>. */
  answer: 'data-answer',
  audio: 'data-audio',
  nextAudio: 'data-next-audio',
  hint: 'data-hint',
  prompt: 'data-prompt',
  progress: 'data-progress',
  original: 'data-original',
  translation: 'data-translation',
  /** A grade button: its rating, 1 (Again) to 4 (Easy). */
  grade: 'data-grade',
  gradeHint: 'data-grade-hint',
  restart: 'data-restart',
  /** The parts shown while a session runs. */
  session: 'data-session',
  handsFree: 'data-handsfree',
  singleKeys: 'data-single-keys',
  /** The shortcuts popover. */
  keys: 'data-keys',
  /** A <template> of a row the island clones: its name. */
  row: 'data-row',
  done: 'data-done',
  doneTitle: 'data-done-title',
  doneSummary: 'data-done-summary',
  nextReview: 'data-next-review',
  learned: 'data-learned',
  when: 'data-when',
  /** /review's home. */
  reviewHome: 'data-review-home',
  dueList: 'data-due-list',
  language: 'data-language',
  count: 'data-count',
  start: 'data-start',
  nothing: 'data-nothing',
  nextDue: 'data-next-due',
  loading: 'data-loading',
  favorites: 'data-favorites',
  /** Keep my progress (practice/KeepProgress.tsx, keep-home.ts): whether the browser keeps the store, in words. */
  kept: 'data-kept',
  keepSection: 'data-keep',
  /** The daily goal's <select> and today's progress toward it. */
  goal: 'data-goal',
  goalLine: 'data-goal-line',
  goalMeter: 'data-goal-meter',
  /** The calendar of days practised: a cell's state (practised, idle, future), its visible number and mark, its words. */
  day: 'data-day',
  dayNumber: 'data-day-number',
  dayMark: 'data-day-mark',
  dayText: 'data-day-text',
  backup: 'data-backup',
  withTakes: 'data-with-takes',
  restore: 'data-restore',
  restoreFile: 'data-restore-file',
  keepResult: 'data-keep-result',
} as const;

/** 'Download for offline' (pages/course/OfflineDownload.tsx, islands/offline.ts). */
export const OFFLINE = {
  /** On the root: the state shown (idle, measured, downloading, done, error). */
  state: 'data-state',
  kind: 'data-kind',
  path: 'data-path',
  /** A row: the state it shows in. */
  show: 'data-show',
  /** A button: what it does (measure, start, cancel, abort, remove). */
  action: 'data-action',
  sizeText: 'data-size-text',
  progress: 'data-progress',
  progressText: 'data-progress-text',
  doneText: 'data-done-text',
  errorText: 'data-error-text',
  manage: 'data-manage',
  live: 'data-live',
} as const;

/** The downloads list of /offline (pages/OfflinePage.tsx, islands/downloads.ts). */
export const DOWNLOADS = {
  banner: 'data-offline-banner',
  list: 'data-list',
  empty: 'data-empty',
  notes: 'data-notes',
  storage: 'data-storage',
  /** The <template> of a row, and its parts. */
  row: 'data-row',
  title: 'data-title',
  context: 'data-context',
  meta: 'data-meta',
  lessons: 'data-lessons',
  remove: 'data-remove',
} as const;

/** The support form (pages/SupportPage.tsx, islands/support.ts). */
export const SUPPORT = {
  /** A result bar: 'true' (sent) or 'false'. */
  result: 'data-result',
  /** A field's error: the field's name. */
  errorFor: 'data-error-for',
  text: 'data-text',
} as const;

/** A signed-in visitor's controls (pages/course/LearnerControls.tsx, PhraseRow.tsx, islands/learner.ts). */
export const LEARNER = {
  /** On the root: the lesson, as JSON. */
  lesson: 'data-lesson',
  /** A <template> of a button: its name (completed, favorite). */
  template: 'data-learner',
  label: 'data-label',
  /** A phrase row: the phrase's id. */
  phrase: 'data-phrase',
  phraseActions: 'data-phrase-actions',
  /** Set on a row once its buttons are in (its padding makes room for them). */
  hasActions: 'data-has-actions',
} as const;

/** 'Record' on a phrase group and a practice card (pages/course/Recorder.tsx, islands/recorder.ts). */
export const RECORD = {
  /** On the root: the id of the phrase the take belongs to (the practice island sets it per card). */
  take: 'data-take',
  /** On the root of a practice card: the native recording's URL (a lesson page's is its group's player's). */
  native: 'data-native',
  /** On the root: idle, recording or take (the styles follow it). */
  state: 'data-state',
  /** A button: what it does (record, native, play, delete). */
  action: 'data-take-action',
  /** A waveform's row: native or take. */
  wave: 'data-wave',
  message: 'data-take-message',
} as const;

/** The page's toast (layout/Toast.tsx, islands/toast.ts). */
export const TOAST = {
  toast: 'data-toast',
  /** info, success or error. */
  intent: 'data-intent',
  title: 'data-title',
  body: 'data-body',
} as const;

/** The search box (layout/SearchBox.tsx, islands/search.ts) and a phrase's Share (pages/course/PhraseShare.tsx, islands/share.ts). */
export const SEARCH = {
  /** The box's text field. */
  input: 'data-search-input',
  /** The box's language choice (the /search page's box only). */
  language: 'data-search-language',
  /** The instant results' panel (the island writes a status line and the list in it). */
  panel: 'data-search-panel',
  /** On a phrase row once its Share button is in (its padding makes room for it). */
  shared: 'data-shared',
} as const;

/** Audio that follows the text (pages/course/PhraseGroups.tsx and PhraseRow.tsx, islands/words.ts, started by islands/audio.ts). */
export const WORDS = {
  /** A phrase group's panel: its player and the phrases that player says. */
  group: 'data-words-group',
  /** A phrase's text: when each of its words is spoken (shared/word-timings.ts). */
  timings: 'data-words',
  /** A word the island wrapped once playback started: the millisecond it is spoken at. */
  word: 'data-word',
  /** On the word being spoken. */
  spoken: 'data-spoken',
} as const;

/** Every group, by name (the unit test walks them). */
export const MARKUP = { ROOT, SITE, AUDIO, PRACTICE, OFFLINE, DOWNLOADS, SUPPORT, LEARNER, RECORD, TOAST, SEARCH, WORDS } as const;
type Groups = typeof MARKUP;
/** One of the contract's attribute names. */
export type DataAttr = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** A CSS selector for the attribute (`[data-play]`), or for one value of it (`[data-row="due"]`). */
export const sel = (name: DataAttr, value?: string | number | boolean) => (value === undefined ? `[${name}]` : `[${name}="${String(value)}"]`);

/** JSX props that put the attribute on an element: `<button {...attr(AUDIO.speed, 1.3)}>`; no value writes it empty. */
export const attr = <A extends DataAttr>(name: A, value: string | number | boolean = '') => ({ [name]: String(value) }) as Record<A, string>;
