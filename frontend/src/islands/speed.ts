/**
 * Playback speeds (0.8, 1, 1.3, default 1), shared by the public and admin players.
 * On the public site the chosen speed holds for every player and lasts for the browser session
 * (sessionStorage); the server renders the default and the player's island applies the choice.
 */
import { SPEED_KEY } from '@shared/head-script';

export const SPEEDS = [0.8, 1, 1.3] as const;
export type Speed = (typeof SPEEDS)[number];
/** Heard by every player of the page when one changes the speed. */
export const SPEED_EVENT = 'pp:speed';

export function readSpeed(): Speed {
  try {
    const v = Number(sessionStorage.getItem(SPEED_KEY));
    return (SPEEDS as readonly number[]).includes(v) ? (v as Speed) : 1;
  } catch {
    return 1;
  }
}

export function setSessionSpeed(speed: Speed) {
  try {
    sessionStorage.setItem(SPEED_KEY, String(speed));
  } catch {
    /* still applies to this page view */
  }
  window.dispatchEvent(new Event(SPEED_EVENT));
}
