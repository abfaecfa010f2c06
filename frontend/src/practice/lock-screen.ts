/**
 * The lock screen (Media Session API): the card's phrase with play/pause and next/previous.
 * Installed when the browser is idle after the island starts: nothing a first tap needs.
 */
import { isOver, moved } from './queue';
import type { StoredCard } from './device-store';
import type { Session } from './session';

function showOnLockScreen(c: StoredCard) {
  if (typeof MediaMetadata === 'undefined') return;
  navigator.mediaSession.metadata = new MediaMetadata({ title: c.original_text, artist: c.translated_text, album: `${c.language_name} practice` });
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
  session.onCard = showOnLockScreen;
  const shown = session.card();
  if (shown) showOnLockScreen(shown);
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
