/**
 * The players' speed (islands/speed.ts): one of 0.8, 1 and 1.3, kept for the browser session, and
 * announced to every player of the page. The browser's storage and window are stood in for; a
 * storage that refuses (some private modes) must not stop the player.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSpeed, setSessionSpeed, SPEED_EVENT, SPEEDS } from '../../../frontend/src/islands/speed';

/** A sessionStorage holding `stored` (its 'playbackSpeed'), or one that throws. */
function storage(stored: Record<string, string> = {}, failing = false) {
  const fail = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    data: stored,
    getItem: (k: string) => (failing ? fail() : (stored[k] ?? null)),
    setItem: (k: string, v: string) => (failing ? fail() : void (stored[k] = v)),
  };
}

/** The page's window: counts the speed announcements. */
function page() {
  const win = new EventTarget();
  const heard = vi.fn();
  win.addEventListener(SPEED_EVENT, heard);
  vi.stubGlobal('window', win);
  return heard;
}

afterEach(() => vi.unstubAllGlobals());

describe('playback speed', () => {
  it('offers the speeds of the spec', () => {
    expect(SPEEDS).toEqual([0.8, 1, 1.3]);
  });

  it('reads the speed chosen in this session', () => {
    for (const speed of SPEEDS) {
      vi.stubGlobal('sessionStorage', storage({ playbackSpeed: String(speed) }));
      expect(readSpeed()).toBe(speed);
    }
  });

  it('is 1 when none was chosen, the stored value is not one of the speeds, or storage is refused', () => {
    const unusable: Record<string, string>[] = [{}, { playbackSpeed: '2' }, { playbackSpeed: '0' }, { playbackSpeed: 'fast' }, { playbackSpeed: '' }];
    for (const stored of unusable) {
      vi.stubGlobal('sessionStorage', storage(stored));
      expect(readSpeed(), JSON.stringify(stored)).toBe(1);
    }
    vi.stubGlobal('sessionStorage', storage({ playbackSpeed: '1.3' }, true));
    expect(readSpeed()).toBe(1);
  });

  it('keeps a new speed for the session and tells every player, which then read it', () => {
    const session = storage();
    vi.stubGlobal('sessionStorage', session);
    const heard = page();
    setSessionSpeed(1.3);
    expect(session.data).toEqual({ playbackSpeed: '1.3' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(readSpeed()).toBe(1.3);
  });

  it('still tells the players when storage is refused (the speed holds for this page view)', () => {
    vi.stubGlobal('sessionStorage', storage({}, true));
    const heard = page();
    expect(() => setSessionSpeed(0.8)).not.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
