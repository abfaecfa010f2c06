/**
 * The practice screen's keyboard shortcuts: the list the '?' panel shows, and which action a key
 * press means. Single-key shortcuts can be turned off (WCAG 2.1.4); the buttons keep working.
 */
export const SHORTCUTS: [string, string][] = [
  ['Space', 'Play or pause'],
  ['Enter', 'Show answer'],
  ['1 – 4', 'Again, Hard, Good, Easy'],
  ['← / →', 'Back or forward 10 seconds'],
  ['R', 'Record yourself, or stop'],
  ['?', 'Show these shortcuts'],
];

export type KeyAction =
  { kind: 'play' } | { kind: 'show' } | { kind: 'grade'; rating: number } | { kind: 'seek'; by: number } | { kind: 'help' } | { kind: 'record' };

/** The action of a key press, or none (modifier held, or typed into a field). */
export function actionOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, target: EventTarget | null): KeyAction | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  const el = target instanceof Element ? target : null;
  if (el?.closest('input, textarea, select, [contenteditable="true"], [role="slider"]')) return undefined;
  switch (e.key) {
    case ' ':
      return { kind: 'play' };
    case 'Enter':
      return { kind: 'show' };
    case 'ArrowLeft':
      return { kind: 'seek', by: -10 };
    case 'ArrowRight':
      return { kind: 'seek', by: 10 };
    case '?':
      return { kind: 'help' };
    case 'r':
    case 'R':
      return { kind: 'record' };
    default:
      return /^[1-4]$/.test(e.key) ? { kind: 'grade', rating: Number(e.key) } : undefined;
  }
}
