/**
 * What keeps a public page's start-up in short tasks on a slow phone (docs/rendering.md, 'What loads
 * when'; the figures are `npm run bench:long-tasks`): the islands yield between pieces of work, leave
 * alone what the server's markup already says, and make nothing costly before it is used.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeAttr, changeText, nextTask } from '../../../frontend/src/islands/dom';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('nextTask', () => {
  it("resumes through the browser's scheduler.yield where there is one", async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldNow });
    await nextTask();
    expect(yieldNow).toHaveBeenCalledTimes(1);
  });

  it('else resumes in a new task (a zero timeout), not in a microtask of this one', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let resumed = false;
    void nextTask().then(() => (resumed = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.runAllTimersAsync();
    expect(resumed).toBe(true);
  });
});

describe('writing only what changed', () => {
  /** An element that counts the writes the browser would restyle for. */
  function element(text: string, attrs: Record<string, string>) {
    const writes: string[] = [];
    let content = text;
    return {
      writes,
      get textContent() {
        return content;
      },
      set textContent(v: string) {
        writes.push(`text ${v}`);
        content = v;
      },
      getAttribute: (name: string) => attrs[name] ?? null,
      setAttribute: (name: string, value: string) => {
        writes.push(`${name} ${value}`);
        attrs[name] = value;
      },
    };
  }

  it("leaves the server's text and attributes as they are, and writes a change", () => {
    const clock = element('00:00', { 'aria-valuetext': '00:00 of 00:00' });
    changeText(clock as unknown as Node, '00:00');
    changeAttr(clock as unknown as Element, 'aria-valuetext', '00:00 of 00:00');
    expect(clock.writes).toEqual([]);
    changeText(clock as unknown as Node, '00:03');
    changeAttr(clock as unknown as Element, 'aria-valuetext', '00:03 of 00:04');
    expect(clock.writes).toEqual(['text 00:03', 'aria-valuetext 00:03 of 00:04']);
  });
});

describe("a card's due date in words", () => {
  it('makes its Intl.RelativeTimeFormat (locale data, slow the first time) on first use, not when the island loads', async () => {
    vi.resetModules();
    const Real = Intl.RelativeTimeFormat;
    const made = vi.spyOn(Intl, 'RelativeTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args);
    });
    const { inWords, short } = await import('../../../frontend/src/practice/due-words');
    const now = new Date('2026-03-02T09:00:00Z');
    const inTenMinutes = new Date(now.getTime() + 10 * 60_000);
    expect(short(inTenMinutes, now)).toBe('10 min');
    expect(made).not.toHaveBeenCalled();
    expect(inWords(inTenMinutes, now)).toBe('in 10 minutes');
    expect(inWords(new Date(now.getTime() + 24 * 3600_000), now)).toBe('tomorrow');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
