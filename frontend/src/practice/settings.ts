/**
 * The practice screen's settings, kept on the device across visits: the direction ('Listen' or
 * 'Say it') and whether single-key shortcuts are on (WCAG 2.1.4 lets the visitor turn them off).
 */
export type Direction = 'listen' | 'say';
/** The line under the prompt, per direction (also the lock screen's title before the answer opens). */
export const DIRECTION_HINTS: Record<Direction, string> = {
  listen: 'Listen, and recall what it means',
  say: 'Say it, then show the answer to hear it',
};
export interface Settings {
  direction: Direction;
  singleKeys: boolean;
}

const KEY = 'practice';

/** The settings stored as `raw` (JSON), each missing or unknown value read as its default. */
export function settingsFrom(raw: string | null): Settings {
  try {
    const s = JSON.parse(raw ?? '{}') as Partial<Settings> | null;
    return { direction: s?.direction === 'say' ? 'say' : 'listen', singleKeys: s?.singleKeys !== false };
  } catch {
    return { direction: 'listen', singleKeys: true };
  }
}

export function readSettings(): Settings {
  try {
    return settingsFrom(localStorage.getItem(KEY));
  } catch {
    return settingsFrom(null);
  }
}

export function saveSettings(s: Settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* kept for this page view */
  }
}
