/**
 * The hands-free drill: the prompt, a pause of 1.5 times the phrase, the answer twice, the next
 * card, with no tap and nothing graded. Loaded when the switch is first turned on (import()), so
 * the practice page's start and its taps never pay for it.
 */
import { isOver, moved } from './queue';
import type { Session } from './session';

/** Hands-free waits this many times the phrase's length for the visitor to answer. */
const ANSWER_WAIT = 1.5;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs drill number `run` until it is stopped (Session.handsFree changes) or the session ends. */
export async function drill(session: Session, run: number) {
  const { player } = session;
  const on = () => session.handsFree === run;
  while (on() && !isOver(session.queue)) {
    const length = await player.duration();
    if (session.settings.direction === 'listen') await player.playOnce();
    if (!on()) return;
    await wait(ANSWER_WAIT * length * 1000);
    if (!on()) return;
    session.reveal();
    for (let i = 0; i < 2 && on(); i++) await player.playOnce();
    if (!on()) return;
    session.queue = moved(session.queue, 1);
    session.show();
  }
}
