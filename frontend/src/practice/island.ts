/**
 * The practice island (markup: PracticeScreen.tsx), on the practice page and
 * /review only. It runs a session (session.ts): the card's audio, 'Show answer', the four
 * grades scheduled by FSRS (@shared/schedule) and kept on the device (device-store.ts), 'Again'
 * back later in the session (queue.ts), 'Session complete'; the 'Say it' direction; the
 * hands-free drill; the lock screen's controls (Media Session); the keyboard. A signed-in visitor's
 * reviews also go to /api/me/reviews (reviews-api.ts, imported only then). It fills the page's
 * slots and toggles `hidden` and attributes; the only markup it adds is cloned from its <template>s.
 *
 * Its start does only what the first tap needs (the listeners), then the session in a task of its
 * own (the first card is the server's); the lock screen waits for idle and the hands-free drill
 * loads when switched on (docs/benchmarks.md, issues 21 and 35).
 */
import { setTokenProvider } from '../api/client';
import type { DeckCard } from './deck';
import { readSettings, saveSettings, type Direction } from './settings';
import { nextTask, type Mount } from '../islands/dom';
import { offerFavorites, showHome } from './review-home';
import { onKey } from './keyboard';
import { installLockScreen } from './lock-screen';
import { partsOf } from './screen-parts';
import { Session } from './session';
import { accessToken, signedIn } from '../islands/visitor';
import { PRACTICE, ROOT, sel } from '@shared/markup';

const whenIdle = (work: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));

/** The direction chosen (stored then) or read at start (nothing to store, a synchronous write saved). */
function setDirection(session: Session, d: Direction, chosen = true) {
  const { root, details } = session.ui;
  session.settings.direction = d;
  if (chosen) saveSettings(session.settings);
  if (root.getAttribute(PRACTICE.direction) !== d) root.setAttribute(PRACTICE.direction, d);
  root
    .querySelectorAll<HTMLElement>(sel(PRACTICE.directionChoice))
    .forEach((b) => b.setAttribute('aria-pressed', String(b.getAttribute(PRACTICE.directionChoice) === d)));
  if (!details.open) session.showPrompt();
}

/** Hands-free on: the drill (loaded now, the first time) runs until paused; off: it stops. */
function switchHandsFree(session: Session) {
  if (!session.ui.handsFreeSwitch.checked) {
    session.stopHandsFree();
    session.player.audio.pause();
    return;
  }
  const run = (session.handsFree = Date.now());
  import('./hands-free').then((m) => m.drill(session, run)).catch((e: unknown) => console.error('Hands-free could not start', e));
}

/** The taps, the switches and the keys. */
function listen(session: Session, mode: 'lesson' | 'review') {
  const { root, details, handsFreeSwitch, singleKeysBox } = session.ui;
  root.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLElement>([ROOT.play, PRACTICE.grade, PRACTICE.directionChoice, PRACTICE.restart].map((a) => sel(a)).join());
    if (!el) return;
    const grade = el.getAttribute(PRACTICE.grade);
    const direction = el.getAttribute(PRACTICE.directionChoice);
    if (el.hasAttribute(ROOT.play)) session.togglePlay();
    else if (grade) session.grade(Number(grade));
    else if (direction) setDirection(session, direction === 'say' ? 'say' : 'listen');
    else if (mode === 'review') void showHome(session);
    else void session.start(session.deck);
  });
  details.addEventListener('toggle', () => details.open && session.revealed());
  handsFreeSwitch.addEventListener('change', () => switchHandsFree(session));
  singleKeysBox.addEventListener('change', () => {
    session.settings.singleKeys = singleKeysBox.checked;
    saveSettings(session.settings);
  });
  document.addEventListener('keydown', (e) => onKey(session, e));
  // Grades not yet stored when the page is left are stored now.
  addEventListener('pagehide', () => session.store());
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(ROOT.mounted)) return;
  const ui = partsOf(root);
  if (!ui) return;
  root.setAttribute(ROOT.mounted, '');
  setTokenProvider(accessToken);
  const mode = root.getAttribute(PRACTICE.mode) === 'review' ? 'review' : 'lesson';
  const session = new Session(ui, readSettings());
  ui.singleKeysBox.checked = session.settings.singleKeys;
  listen(session, mode);
  ui.stage.tabIndex = -1;
  setDirection(session, session.settings.direction, false);
  // The session (the deck read, the device's store opened) in a task of its own: the listeners
  // above are what a first tap needs, and the first card is the server's.
  void nextTask().then(() => {
    if (mode === 'review') {
      void showHome(session);
      if (signedIn()) offerFavorites(session);
    } else {
      const json = root.querySelector(`script${sel(PRACTICE.deck)}`)?.textContent;
      void session.start(json ? (JSON.parse(json) as DeckCard[]) : [], true);
    }
    whenIdle(() => installLockScreen(session));
  });
};
