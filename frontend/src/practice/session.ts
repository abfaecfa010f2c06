/**
 * The session's state machine: the cards of one run and their order (queue.ts), the card
 * shown, 'Show answer', a grade, 'Session complete'. A tap changes only what the next frame shows;
 * the grade's FSRS schedule and its write to the device (device-store.ts) come in a task after
 * that frame (docs/benchmarks.md, issue 21's 100 ms per tap), and at once when the session ends
 * or the page is left, so a review is never lost.
 */
import type { ReviewInput } from '@shared/contracts/reviews';
import { mergeLogs, newSchedule, preview, review } from '@shared/schedule';
import type { DeckCard } from './deck';
import { current, graded, newQueue, position, total, type Queue } from './queue';
import { DIRECTION_HINTS, type Settings } from './settings';
import { cardId, cardsOf, saveReview, type StoredCard } from './device-store';
import { short } from './due-words';
import { setText, setTextIfChanged } from '../islands/dom';
import { showDone } from './done-screen';
import { afterPaint, type Parts } from './screen-parts';
import { createPlayer, type Player } from './card-player';
import { sync } from './review-sync';
import { PRACTICE, RECORD, ROOT, sel } from '@shared/markup';
import { askToKeepOnce, keptLine } from './keep-storage';
import { countFinishedSession, reminders } from './reminder-gate';
import { getConsent } from '../analytics/consent';

/**
 * With consent 'all', a grade also adds to its phrase's anonymous daily counters (the Coverage
 * screen's hardest phrases): the analytics client, already loaded then, sends it with its next batch.
 * With any other answer nothing loads and nothing is sent.
 */
function countGrade({ language_id, level_id, lesson_id, phrase_id, rating }: ReviewInput) {
  if (getConsent() !== 'all') return;
  import('../analytics/client')
    .then((a) => a.trackGrade({ language_id, level_id, lesson_id, phrase_id, rating }))
    .catch(() => {
      /* analytics must never disturb the learner */
    });
}

/** A grade given, scheduled once the next card is painted. */
interface Graded {
  id: string;
  rating: number;
  at: Date;
}

export class Session {
  readonly player: Player;
  deck: DeckCard[] = [];
  cards = new Map<string, StoredCard>();
  queue: Queue = newQueue([]);
  againCount = 0;
  gradedCount = 0;
  /** The running hands-free drill's number; 0: off. */
  handsFree = 0;
  /** Told each card once it is painted and again when its answer opens (the lock screen). */
  onCard?: (c: StoredCard) => void;
  private waiting: Graded[] = [];

  constructor(
    readonly ui: Parts,
    readonly settings: Settings,
  ) {
    this.player = createPlayer(ui.first, ui.second);
  }

  card = () => this.cards.get(current(this.queue) ?? '');
  /** Whether the keyboard is in the session: focus follows its cards then (never taken from elsewhere). */
  focusInside = () => this.ui.root.contains(document.activeElement);

  /** A session over these cards: each one's stored schedule, or a new card. */
  async start(cards: DeckCard[], firstView = false) {
    this.store();
    this.deck = cards;
    const stored = await cardsOf(cards.map(cardId));
    const now = new Date();
    // The page's texts and audio are the current ones (the phrase may have been edited since).
    this.cards = new Map(
      cards.map((d) => {
        const id = cardId(d);
        const was = stored.get(id);
        return [id, { ...d, id, schedule: was?.schedule ?? newSchedule(now), log: was?.log ?? [] }];
      }),
    );
    this.queue = newQueue(cards.map(cardId));
    this.againCount = 0;
    this.gradedCount = 0;
    this.ui.done.hidden = true;
    const home = this.ui.root.querySelector<HTMLElement>(sel(PRACTICE.reviewHome));
    if (home) home.hidden = true;
    this.sessionParts().forEach((el) => (el.hidden = false));
    this.show(firstView);
  }

  sessionParts = () => this.ui.root.querySelectorAll<HTMLElement>(sel(PRACTICE.session));

  /** The hint, the 'Say it' prompt and Play as the direction and the answer want them. */
  showPrompt() {
    const { root, details } = this.ui;
    const say = this.settings.direction === 'say';
    setTextIfChanged(root, sel(PRACTICE.hint), DIRECTION_HINTS[this.settings.direction]);
    const prompt = root.querySelector<HTMLElement>(sel(PRACTICE.prompt));
    if (prompt && prompt.hidden !== !say) prompt.hidden = !say;
    const play = root.querySelector<HTMLElement>(sel(ROOT.play));
    if (play && play.hidden !== (say && !details.open)) play.hidden = say && !details.open;
  }

  /**
   * Shows the current card. What the tap must change is done at once; the grade hints (inside the
   * closed answer), the next card's audio and the lock screen wait for the frame after. `firstView`:
   * the server's card, which the visitor may already be playing or have opened: left as it is.
   */
  show(firstView = false) {
    const c = this.card();
    if (!c) return this.finish();
    const { root, stage, details } = this.ui;
    const refocus = this.focusInside();
    if (!firstView) details.open = false;
    setText(root, sel(PRACTICE.progress), `${position(this.queue)} of ${total(this.queue)}`);
    setTextIfChanged(root, sel(PRACTICE.prompt), c.translated_text);
    setTextIfChanged(stage, sel(PRACTICE.original), c.original_text);
    setTextIfChanged(stage, sel(PRACTICE.translation), c.translated_text);
    const original = stage.querySelector<HTMLElement>(sel(PRACTICE.original));
    if (original) {
      if (c.lang_tag) {
        if (original.lang !== c.lang_tag) original.lang = c.lang_tag;
      } else original.removeAttribute('lang');
      original.tabIndex = -1;
    }
    this.showPrompt();
    this.recordOn(c);
    if (!firstView || this.player.audio.getAttribute('src') !== c.audio_url) {
      this.player.load(c.audio_url);
      if (this.settings.direction === 'listen' && !this.handsFree) void this.player.playNow();
    }
    if (refocus) stage.focus({ preventScroll: true });
    // Two tasks, so a tap coming between them waits for neither.
    afterPaint(() => {
      this.store();
      setTimeout(() => this.card() === c && this.painted(c));
    });
  }

  /** 'Record' takes this card's phrase and native recording (its island, once loaded, follows the change). */
  private recordOn(c: StoredCard) {
    const rec = this.ui.stage.querySelector<HTMLElement>(sel(ROOT.island, 'recorder'));
    if (!rec) return;
    if (rec.getAttribute(RECORD.take) !== c.phrase_id) rec.setAttribute(RECORD.take, c.phrase_id);
    if (rec.getAttribute(RECORD.native) !== c.audio_url) rec.setAttribute(RECORD.native, c.audio_url);
  }

  /** The card is on screen: its grades' hints, the next card's audio fetched ahead, the lock screen. */
  private painted(c: StoredCard) {
    const now = new Date();
    const next = preview(c.schedule, now);
    this.ui.root.querySelectorAll<HTMLElement>(sel(PRACTICE.grade)).forEach((b) => {
      const rating = Number(b.getAttribute(PRACTICE.grade)) as 1 | 2 | 3 | 4;
      setTextIfChanged(b, sel(PRACTICE.gradeHint), short(next[rating], now));
    });
    const upcoming = this.cards.get(this.queue.order[this.queue.at + 1] ?? '');
    if (upcoming && upcoming.audio_url !== c.audio_url) this.player.prefetch(upcoming.audio_url);
    this.onCard?.(c);
  }

  reveal() {
    if (this.ui.details.open || !this.card()) return;
    this.ui.details.open = true; // its toggle event plays the answer in 'Say it'
  }

  /** The answer opened (a tap, Enter, hands-free): Play shows, 'Say it' plays it, focus follows. */
  revealed() {
    this.showPrompt();
    const c = this.card();
    if (c) this.onCard?.(c);
    if (this.settings.direction === 'say' && !this.handsFree) void this.player.playNow();
    if (this.focusInside()) this.ui.stage.querySelector<HTMLElement>(sel(PRACTICE.original))?.focus({ preventScroll: true });
  }

  /** A grade: the next card now, its schedule and storage after the frame that shows it. */
  grade(rating: number) {
    const c = this.card();
    if (!c || !this.ui.details.open) return;
    this.waiting.push({ id: c.id, rating, at: new Date() });
    this.gradedCount++;
    if (rating === 1) this.againCount++;
    this.queue = graded(this.queue, rating);
    this.show();
  }

  /** Schedules the grades given (FSRS) and stores each on the device, then syncs a signed-in visitor's. */
  store() {
    for (const { id, rating, at } of this.waiting.splice(0)) {
      const c = this.cards.get(id);
      if (!c) continue;
      const { schedule, entry } = review(c.schedule, rating, at);
      const next: StoredCard = { ...c, schedule, log: mergeLogs(c.log, [entry]) };
      this.cards.set(id, next);
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
      countGrade(sent);
    }
  }

  stopHandsFree() {
    this.handsFree = 0;
    this.ui.handsFreeSwitch.checked = false;
  }

  /** Play or pause; during a hands-free drill, pausing stops it (between recordings too). */
  togglePlay() {
    const { audio } = this.player;
    if (!audio.paused || this.handsFree) {
      this.stopHandsFree();
      audio.pause();
    } else void this.player.playNow();
  }

  /** 'Session complete': what was practised and when it comes back. */
  finish() {
    this.store();
    this.stopHandsFree();
    this.player.audio.pause();
    this.sessionParts().forEach((el) => (el.hidden = true));
    showDone(this.ui.root, {
      cards: [...new Set(this.queue.order)].flatMap((id) => this.cards.get(id) ?? []),
      again: this.againCount,
      graded: this.gradedCount > 0,
    });
    this.ui.done.hidden = false;
    this.ui.root.querySelector<HTMLElement>(sel(PRACTICE.doneTitle))?.focus();
    // The first finished session asks the browser to keep the store (in this tap) and says its answer.
    if (this.gradedCount) void askToKeepOnce().then((k) => setText(this.ui.done, sel(PRACTICE.kept), k ? keptLine(k, false) : ''));
    // Reminders: offered from the second finished session on; when on, told the next due date.
    countFinishedSession();
    reminders(this.ui.done, true);
  }
}
