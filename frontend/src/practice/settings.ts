/**
 * The practice screen's settings, kept on the device across visits: the direction ('Listen' or
 * 'Say it'), whether single-key shortcuts are on (WCAG 2.1.4 lets the visitor turn them off) and
 * the daily goal of /review (cards a day; 0, the default, is off).
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
  goal: number;
}
/** The daily goals offered (cards a day); 0 is off. */
export const GOALS = [0, 5, 10, 20, 30, 50] as const;

const KEY = 'practice';

/** The settings stored as `raw` (JSON), each missing or unknown value read as its default. */
export function settingsFrom(raw: string | null): Settings {
  try {
    const s = JSON.parse(raw ?? '{}') as Partial<Settings> | null;
    const goal = GOALS.find((g) => g === s?.goal) ?? 0;
    return { direction: s?.direction === 'say' ? 'say' : 'listen', singleKeys: s?.singleKeys !== false, goal };
  } catch {
    return { direction: 'listen', singleKeys: true, goal: 0 };
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
