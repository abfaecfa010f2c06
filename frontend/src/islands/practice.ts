/**
 * The practice island (markup: pages/practice/PracticeSession.tsx), on the practice page and
 * /review only. It runs a session: the card's audio, 'Show answer', the four grades scheduled by
 * FSRS (@shared/schedule) and kept on the device (practice/store.ts), 'Again' back later in the
 * session (practice/queue.ts), 'Session complete'; the 'Say it' direction; the hands-free drill;
 * the lock screen's controls (Media Session); the keyboard. A signed-in visitor's reviews also go
 * to /api/me/reviews (api/reviews.ts, imported only then). It fills the page's slots and toggles
 * `hidden` and attributes; the only markup it adds is cloned from the page's <template>s.
 */
import type { ReviewInput } from '@shared/contracts/reviews';
import { isDue, mergeLogs, newSchedule, preview, review } from '@shared/schedule';
import type { Favorite } from '@shared/contracts/me';
import { api } from '@shared/urls';
import { apiFetch, setTokenProvider } from '../api/client';
import type { DeckCard } from '../practice/deck';
import { actionOf } from '../practice/keys';
import { current, graded, isOver, moved, newQueue, position, total, type Queue } from '../practice/queue';
import { allCards, cardId, cardsOf, saveReview, type StoredCard } from '../practice/store';
import { inWords, short } from '../practice/when';
import { MOUNTED, setText, type Mount } from './dom';
import { accessToken, signedIn } from './session';

type Direction = 'listen' | 'say';
const SETTINGS = 'practice';
/** Hands-free waits this many times the phrase's length for the visitor to answer. */
const ANSWER_WAIT = 1.5;
const SEEK = 10;

interface Settings {
  direction: Direction;
  singleKeys: boolean;
}
function readSettings(): Settings {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS) ?? '{}') as Partial<Settings>;
    return { direction: s.direction === 'say' ? 'say' : 'listen', singleKeys: s.singleKeys !== false };
  } catch {
    return { direction: 'listen', singleKeys: true };
  }
}
function saveSettings(s: Settings) {
  try {
    localStorage.setItem(SETTINGS, JSON.stringify(s));
  } catch {
    /* kept for this page view */
  }
}

const HINTS: Record<Direction, string> = {
  listen: 'Listen, and recall what it means',
  say: 'Say it, then show the answer to hear it',
};

let syncing: Promise<void> = Promise.resolve();
/** A signed-in visitor's unsent reviews go to the API, one sync at a time (the API module loads only then). */
function sync(): Promise<void> {
  if (!signedIn()) return Promise.resolve();
  syncing = syncing
    .then(() => import('../api/reviews'))
    .then((m) => m.syncReviews())
    .catch((e: unknown) => console.error('Reviews could not be synced', e));
  return syncing;
}

/** The parts the island drives; none when the markup is not the practice screen's. */
function partsOf(root: HTMLElement) {
  const stage = root.querySelector<HTMLElement>('[data-stage]');
  const details = root.querySelector<HTMLDetailsElement>('details[data-answer]');
  const first = root.querySelector<HTMLAudioElement>('audio[data-audio]');
  const second = root.querySelector<HTMLAudioElement>('audio[data-next-audio]');
  const done = root.querySelector<HTMLElement>('[data-done]');
  const handsFreeSwitch = root.querySelector<HTMLInputElement>('input[data-handsfree]');
  const singleKeysBox = root.querySelector<HTMLInputElement>('input[data-single-keys]');
  if (!stage || !details || !first || !second || !done || !handsFreeSwitch || !singleKeysBox) return undefined;
  return { stage, details, first, second, done, handsFreeSwitch, singleKeysBox };
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(MOUNTED)) return;
  const ui = partsOf(root);
  if (!ui) return;
  const { stage, details, done, handsFreeSwitch, singleKeysBox } = ui;
  const $ = (sel: string) => root.querySelector<HTMLElement>(sel);
  root.setAttribute(MOUNTED, '');
  setTokenProvider(accessToken);
  const mode = root.dataset.mode === 'review' ? 'review' : 'lesson';
  const settings = readSettings();
  singleKeysBox.checked = settings.singleKeys;

  let audio = ui.first; // the card's audio; `ahead` holds the next card's, fetched ahead
  let ahead = ui.second;
  let deck: DeckCard[] = [];
  let cards = new Map<string, StoredCard>();
  let queue: Queue = newQueue([]);
  let againCount = 0;
  let gradedCount = 0;
  let handsFree = 0; // the running drill's number; 0: off

  const sessionParts = root.querySelectorAll<HTMLElement>('[data-session]');
  const home = $('[data-review-home]');
  const card = () => cards.get(current(queue) ?? '');
  /** Whether the keyboard is in the session: focus follows its cards then (never taken from elsewhere). */
  const focusInside = () => root.contains(document.activeElement);

  function setDirection(d: Direction) {
    settings.direction = d;
    saveSettings(settings);
    root.dataset.direction = d;
    root.querySelectorAll<HTMLElement>('[data-direction-choice]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.directionChoice === d)));
    if (!details.open) showPrompt();
  }

  function showPrompt() {
    const say = settings.direction === 'say';
    setText(root, '[data-hint]', HINTS[settings.direction]);
    const prompt = $('[data-prompt]');
    if (prompt) prompt.hidden = !say;
    const play = $('[data-play]');
    if (play) play.hidden = say && !details.open;
  }

  /** Points the player at `url`, taking the audio fetched ahead when it is that one. */
  function load(url: string) {
    if (audio.getAttribute('src') === url) {
      audio.pause();
      audio.currentTime = 0;
      return;
    }
    audio.pause();
    if (ahead.getAttribute('src') === url) [audio, ahead] = [ahead, audio];
    else audio.src = url;
  }
  const playNow = () => audio.play().catch((e: unknown) => console.debug('Audio did not start', e));
  /**
   * Resolves when the audio ends or stops (a pause, an error). At its end a media element fires
   * 'pause' and then 'ended': it waits for 'ended' then, so no late event ends the next play.
   */
  const playOnce = () =>
    new Promise<void>((resolve) => {
      audio.currentTime = 0;
      const events = ['ended', 'pause', 'error'];
      const end = (e?: Event) => {
        if (e?.type === 'pause' && audio.ended) return;
        events.forEach((t) => audio.removeEventListener(t, end));
        resolve();
      };
      events.forEach((t) => audio.addEventListener(t, end));
      audio.play().catch(() => end());
    });
  const duration = () =>
    Number.isFinite(audio.duration) && audio.duration > 0
      ? Promise.resolve(audio.duration)
      : new Promise<number>((resolve) => {
          audio.addEventListener('loadedmetadata', () => resolve(Number.isFinite(audio.duration) ? audio.duration : 2), { once: true });
          audio.addEventListener('error', () => resolve(2), { once: true });
        });

  /**
   * Shows the current card. What the tap must change is done at once; the grade hints (inside the
   * closed answer), the next card's audio and the lock screen wait for the frame after. `firstView`:
   * the server's card, which the visitor may already be playing or have opened: left as it is.
   */
  function show(firstView = false) {
    const c = card();
    if (!c) return finish();
    const refocus = focusInside();
    if (!firstView) details.open = false;
    setText(root, '[data-progress]', `${position(queue)} of ${total(queue)}`);
    setText(root, '[data-prompt]', c.translated_text);
    setText(stage, '[data-original]', c.original_text);
    setText(stage, '[data-translation]', c.translated_text);
    const original = stage.querySelector<HTMLElement>('[data-original]');
    if (original) {
      if (c.lang_tag) original.lang = c.lang_tag;
      else original.removeAttribute('lang');
      original.tabIndex = -1;
    }
    showPrompt();
    if (!firstView || audio.getAttribute('src') !== c.audio_url) {
      load(c.audio_url);
      if (settings.direction === 'listen' && !handsFree) void playNow();
    }
    if (refocus) stage.focus({ preventScroll: true });
    requestAnimationFrame(() => setTimeout(() => card() === c && afterPaint(c)));
  }
  function afterPaint(c: StoredCard) {
    const now = new Date();
    const next = preview(c.schedule, now);
    root.querySelectorAll<HTMLElement>('[data-grade]').forEach((b) => {
      const rating = Number(b.dataset.grade) as 1 | 2 | 3 | 4;
      setText(b, '[data-grade-hint]', short(next[rating], now));
    });
    // The next card's audio, fetched now so its prompt plays at once.
    const upcoming = cards.get(queue.order[queue.at + 1] ?? '');
    if (upcoming && upcoming.audio_url !== c.audio_url && ahead.getAttribute('src') !== upcoming.audio_url) ahead.src = upcoming.audio_url;
    mediaSession(c);
  }

  function reveal() {
    if (details.open || !card()) return;
    details.open = true; // its toggle event plays the answer in 'Say it'
  }
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    showPrompt();
    if (settings.direction === 'say' && !handsFree) void playNow();
    if (focusInside()) stage.querySelector<HTMLElement>('[data-original]')?.focus({ preventScroll: true });
  });

  function grade(rating: number) {
    const c = card();
    if (!c || !details.open) return;
    const at = new Date();
    const { schedule, entry } = review(c.schedule, rating, at);
    const next: StoredCard = { ...c, schedule, log: mergeLogs(c.log, [entry]) };
    cards.set(c.id, next);
    const sent: ReviewInput = {
      language_id: c.language_id,
      level_id: c.level_id,
      lesson_id: c.lesson_id,
      phrase_id: c.phrase_id,
      rating,
      reviewed_at: at.toISOString(),
      card: c.schedule,
    };
    saveReview(next, sent)
      .then(sync)
      .catch((e: unknown) => console.error('The review could not be saved', e));
    gradedCount++;
    if (rating === 1) againCount++;
    queue = graded(queue, rating);
    show();
  }

  function finish() {
    stopHandsFree();
    const gradedSession = gradedCount > 0;
    audio.pause();
    sessionParts.forEach((el) => (el.hidden = true));
    const now = new Date();
    const ids = [...new Set(queue.order)];
    const list = $('[data-learned]');
    list?.replaceChildren(
      ...ids.flatMap((id) => {
        const c = cards.get(id);
        const row = clone('learned');
        if (!c || !row) return [];
        setText(row, '[data-original]', c.original_text);
        if (c.lang_tag) row.querySelector('[data-original]')?.setAttribute('lang', c.lang_tag);
        setText(row, '[data-translation]', c.translated_text);
        setText(row, '[data-when]', gradedSession ? `Next review ${inWords(new Date(c.schedule.due), now)}` : '');
        return [row];
      }),
    );
    const n = ids.length;
    const phrases = `${n} ${n === 1 ? 'phrase' : 'phrases'}`;
    setText(
      root,
      '[data-done-summary]',
      gradedSession
        ? `You practised ${phrases}${againCount ? ` (${againCount} needed another try)` : ''}.`
        : `You listened to ${phrases} hands-free. Hands-free is not graded: practise with the grades to schedule reviews.`,
    );
    const soonest = ids
      .map((id) => cards.get(id)?.schedule.due)
      .filter((d): d is string => !!d)
      .sort()[0];
    setText(
      root,
      '[data-next-review]',
      gradedSession && soonest
        ? `Next review: ${inWords(new Date(soonest), now)} (${new Date(soonest).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })}).`
        : '',
    );
    done.hidden = false;
    $('[data-done-title]')?.focus();
  }

  /** A session over these cards: each one's stored schedule, or a new card. */
  async function start(cardsToPractise: DeckCard[], firstView = false) {
    deck = cardsToPractise;
    const stored = await cardsOf(deck.map(cardId));
    const now = new Date();
    // The page's texts and audio are the current ones (the phrase may have been edited since).
    cards = new Map(
      deck.map((d) => {
        const id = cardId(d);
        const was = stored.get(id);
        return [id, { ...d, id, schedule: was?.schedule ?? newSchedule(now), log: was?.log ?? [] }];
      }),
    );
    queue = newQueue(deck.map(cardId));
    againCount = 0;
    gradedCount = 0;
    done.hidden = true;
    if (home) home.hidden = true;
    sessionParts.forEach((el) => (el.hidden = false));
    show(firstView);
  }

  // ---- /review: what is due, per language --------------------------------------------------

  async function showHome() {
    if (!home) return;
    sessionParts.forEach((el) => (el.hidden = true));
    done.hidden = true;
    home.hidden = false;
    await sync();
    const all = await allCards();
    const now = new Date();
    const due = all.filter((c) => isDue(c.schedule, now)).sort((a, b) => a.schedule.due.localeCompare(b.schedule.due));
    const byLanguage = new Map<string, StoredCard[]>();
    due.forEach((c) => byLanguage.set(c.language_id, [...(byLanguage.get(c.language_id) ?? []), c]));
    const list = $('[data-due-list]');
    list?.replaceChildren(
      ...[...byLanguage].flatMap(([, of]) => {
        const row = clone('due');
        if (!row) return [];
        setText(row, '[data-language]', of[0].language_name);
        setText(row, '[data-count]', `${of.length} ${of.length === 1 ? 'card' : 'cards'} due`);
        const button = row.querySelector<HTMLElement>('[data-start]');
        button?.setAttribute('aria-label', `Start review: ${of[0].language_name}`);
        button?.addEventListener('click', () => void start(of));
        return [row];
      }),
    );
    if (list) list.hidden = !byLanguage.size;
    const nothing = $('[data-nothing]');
    if (nothing) nothing.hidden = byLanguage.size > 0;
    const soonest = all.map((c) => c.schedule.due).sort()[0];
    setText(
      root,
      '[data-next-due]',
      soonest
        ? `Your next card is due ${inWords(new Date(soonest), now)} (${new Date(soonest).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}).`
        : 'Practise a lesson, and its phrases come back here when they are due.',
    );
    const loading = $('[data-loading]');
    if (loading) loading.hidden = true;
  }

  /** A signed-in visitor's favourite phrases as one deck (named by the language names the device knows). */
  async function practiseFavorites() {
    const [favorites, known] = await Promise.all([apiFetch<Favorite[]>(api.favorites, { auth: true }), allCards()]);
    const names = new Map(known.map((c) => [c.language_id, c.language_name]));
    // The phrase's language for screen readers and voices, as the device's cards of it know it.
    const tags = new Map(known.flatMap((c) => (c.lang_tag ? [[c.language_id, c.lang_tag] as const] : [])));
    const name = (id: string) => names.get(id) ?? id.charAt(0).toUpperCase() + id.slice(1);
    const cardsOfFavorites = favorites.map((f) => ({ ...f, language_name: name(f.language_id), lang_tag: tags.get(f.language_id) }));
    if (cardsOfFavorites.length)
      await start(
        cardsOfFavorites.map(({ language_id, level_id, lesson_id, phrase_id, original_text, translated_text, audio_url, language_name, lang_tag }) => ({
          language_id,
          level_id,
          lesson_id,
          phrase_id,
          original_text,
          translated_text,
          audio_url,
          language_name,
          ...(lang_tag ? { lang_tag } : {}),
        })),
      );
  }
  const favoritesButton = $('[data-favorites]');
  if (favoritesButton && signedIn()) {
    favoritesButton.hidden = false;
    favoritesButton.addEventListener('click', () => void practiseFavorites().catch((e: unknown) => console.error('Favourites could not load', e)));
  }

  // ---- Hands-free ----------------------------------------------------------------------------

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Prompt, a pause of 1.5 times the phrase, the answer twice, the next card: no tap, nothing graded. */
  async function drill() {
    const run = (handsFree = Date.now());
    const on = () => handsFree === run;
    while (on() && !isOver(queue)) {
      const length = await duration();
      if (settings.direction === 'listen') await playOnce();
      if (!on()) return;
      await wait(ANSWER_WAIT * length * 1000);
      if (!on()) return;
      reveal();
      for (let i = 0; i < 2 && on(); i++) await playOnce();
      if (!on()) return;
      queue = moved(queue, 1);
      show();
    }
  }
  function stopHandsFree() {
    handsFree = 0;
    handsFreeSwitch.checked = false;
  }
  handsFreeSwitch.addEventListener('change', () => {
    if (handsFreeSwitch.checked) void drill();
    else {
      stopHandsFree();
      audio.pause();
    }
  });

  // ---- The lock screen -------------------------------------------------------------------------

  function mediaSession(c: StoredCard) {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: c.original_text, artist: c.translated_text, album: `${c.language_name} practice` });
  }
  const skip = (by: 1 | -1) => {
    stopHandsFree();
    queue = moved(queue, by);
    if (isOver(queue)) finish();
    else show();
  };
  /** Play or pause; during a hands-free drill, pausing stops it (between recordings too). */
  function togglePlay() {
    if (!audio.paused || handsFree) {
      stopHandsFree();
      audio.pause();
    } else void playNow();
  }
  if ('mediaSession' in navigator) {
    const actions: [MediaSessionAction, () => void][] = [
      ['play', () => void playNow()],
      ['pause', togglePlay],
      ['nexttrack', () => skip(1)],
      ['previoustrack', () => skip(-1)],
    ];
    for (const [action, run] of actions) {
      try {
        navigator.mediaSession.setActionHandler(action, run);
      } catch {
        /* an action this browser does not know */
      }
    }
  }

  // ---- Taps and keys -------------------------------------------------------------------------

  function clone(name: string) {
    return root.querySelector<HTMLTemplateElement>(`template[data-row="${name}"]`)?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
  }

  root.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLElement>('[data-play], [data-grade], [data-direction-choice], [data-restart]');
    if (!el) return;
    const d = el.dataset;
    if (d.play !== undefined) togglePlay();
    else if (d.grade) grade(Number(d.grade));
    else if (d.directionChoice) setDirection(d.directionChoice === 'say' ? 'say' : 'listen');
    else if (mode === 'review') void showHome();
    else void start(deck);
  });
  singleKeysBox.addEventListener('change', () => {
    settings.singleKeys = singleKeysBox.checked;
    saveSettings(settings);
  });
  document.addEventListener('keydown', (e) => {
    if (!settings.singleKeys || root.querySelector('[data-stage]')?.hasAttribute('hidden')) return;
    const target = e.target as Element | null;
    const action = actionOf(e, target);
    if (!action) return;
    // Enter on a focused control is that control's (a link, a grade, a switch).
    if (action.kind === 'show' && target?.closest('button, a, summary')) return;
    e.preventDefault();
    if (action.kind === 'play') togglePlay();
    else if (action.kind === 'show') reveal();
    else if (action.kind === 'grade') grade(action.rating);
    else if (action.kind === 'seek') audio.currentTime = Math.max(0, Math.min(audio.duration || 0, audio.currentTime + Math.sign(action.by) * SEEK));
    else $('[data-keys]')?.togglePopover();
  });

  stage.tabIndex = -1;
  setDirection(settings.direction);
  if (mode === 'review') void showHome();
  else {
    const json = $('script[data-deck]')?.textContent;
    void start(json ? (JSON.parse(json) as DeckCard[]) : [], true);
  }
};
