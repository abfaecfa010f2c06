/**
 * Playback speeds (spec section 9: 0.8, 1, 1.3, default 1), shared by the public and admin players.
 * On the public site the chosen speed holds for every player and lasts for the browser session
 * (sessionStorage); the server renders the default and the browser applies the choice after hydration.
 */
import { useSyncExternalStore } from 'react';

export const SPEEDS = [0.8, 1, 1.3] as const;
export type Speed = (typeof SPEEDS)[number];
const KEY = 'playbackSpeed';
const listeners = new Set<() => void>();

function read(): Speed {
  try {
    const v = Number(sessionStorage.getItem(KEY));
    return (SPEEDS as readonly number[]).includes(v) ? (v as Speed) : 1;
  } catch {
    return 1;
  }
}

export function setSessionSpeed(speed: Speed) {
  try {
    sessionStorage.setItem(KEY, String(speed));
  } catch {
    /* still applies to this page view */
  }
  current = speed;
  listeners.forEach((l) => l());
}

let current: Speed | undefined;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useSessionSpeed = () =>
  useSyncExternalStore(
    subscribe,
    () => (current ??= read()),
    () => 1,
  );
