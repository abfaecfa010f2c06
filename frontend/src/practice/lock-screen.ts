/**
 * The lock screen (Media Session API): the card's phrase with play/pause and next/previous.
 * Installed when the browser is idle after the island starts: nothing a first tap needs.
 */
import { isOver, moved } from './queue';
import type { StoredCard } from './device-store';
import type { Session } from './session';
import type { Direction } from './settings';

/**
 * What the lock screen shows of a card: never the answer before the page shows it. Until the answer
 * opens it shows the prompt only ('Listen': the phrase being heard; 'Say it': the translation to say
 * it from), so a glance at the phone gives nothing away; once it opens, phrase and translation.
 */
export function lockScreenText(c: StoredCard, direction: Direction, revealed: boolean) {
  const album = `${c.language_name} practice`;
  if (revealed) return { title: c.original_text, artist: c.translated_text, album };
  return { title: direction === 'say' ? c.translated_text : c.original_text, artist: '', album };
}

function showOnLockScreen(session: Session, c: StoredCard) {
  if (typeof MediaMetadata === 'undefined') return;
  navigator.mediaSession.metadata = new MediaMetadata(lockScreenText(c, session.settings.direction, session.ui.details.open));
}

/** Next or previous from the lock screen: stops a hands-free drill, moves on without a grade. */
function skip(session: Session, by: 1 | -1) {
  session.stopHandsFree();
  session.queue = moved(session.queue, by);
  if (isOver(session.queue)) session.finish();
  else session.show();
}

export function installLockScreen(session: Session) {
  if (!('mediaSession' in navigator)) return;
  session.onCard = (c) => showOnLockScreen(session, c);
  const shown = session.card();
  if (shown) showOnLockScreen(session, shown);
  const actions: [MediaSessionAction, () => void][] = [
    ['play', () => void session.player.playNow()],
    ['pause', () => session.togglePlay()],
    ['nexttrack', () => skip(session, 1)],
    ['previoustrack', () => skip(session, -1)],
  ];
  for (const [action, run] of actions) {
    try {
      navigator.mediaSession.setActionHandler(action, run);
    } catch {
      /* an action this browser does not know */
    }
  }
}
