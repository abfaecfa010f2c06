/**
 * Audio that follows the text (docs/learners.md): a lesson's phrase group lights the word its
 * player is saying, and a tap, Enter or Space on a word plays from it. The server writes each
 * phrase's word timings on its text (WORDS.timings) and nothing else: the page without script is
 * as it was. Started by the player's island (islands/audio.ts), part of its file; the words are
 * wrapped in spans when playback first starts. The text stays one text (screen readers read it as
 * before); the words of a phrase are one tab stop, the arrow keys move between them.
 */
import { WORDS, sel } from '@shared/markup';
import { decodeTimings } from '@shared/word-timings';

interface Word {
  el: HTMLElement;
  ms: number;
}

/** Wraps a phrase's timed words in spans, each holding its millisecond; the first word is the phrase's tab stop. */
function wrap(text: HTMLElement): Word[] {
  const content = text.textContent;
  const timings = decodeTimings(text.getAttribute(WORDS.timings), content.length);
  if (!timings.length) return [];
  const parts: (Node | string)[] = [];
  let at = 0;
  const words = timings.map(({ start, end, ms }, i) => {
    if (start > at) parts.push(content.slice(at, start));
    const el = document.createElement('span');
    el.textContent = content.slice(start, end);
    el.setAttribute(WORDS.word, String(ms));
    el.tabIndex = i === 0 ? 0 : -1;
    parts.push(el);
    at = end;
    return { el, ms };
  });
  parts.push(content.slice(at));
  text.replaceChildren(...parts);
  return words;
}

/** The word being said at `ms`: the last one started (none before the first). `words` are in time order. */
export function spokenAt<T extends { ms: number }>(words: readonly T[], ms: number): T | undefined {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid].ms <= ms) lo = mid + 1;
    else hi = mid;
  }
  return words[lo - 1];
}

const STEP: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Makes the player's group follow its audio, if its phrases have word timings. */
export function followWords(player: HTMLElement, audio: HTMLAudioElement) {
  const group = player.closest<HTMLElement>(sel(WORDS.group));
  const texts = group ? [...group.querySelectorAll<HTMLElement>(sel(WORDS.timings))] : [];
  if (!group || !texts.length) return;
  let words: Word[] | undefined;
  let lit: HTMLElement | undefined;
  let frame = 0;

  const light = (el: HTMLElement | undefined) => {
    if (el === lit) return;
    lit?.removeAttribute(WORDS.spoken);
    el?.setAttribute(WORDS.spoken, '');
    lit = el;
  };
  // Every frame while playing (timeupdate comes only 4 times a second): a word is often shorter.
  const tick = () => {
    if (words) light(spokenAt(words, audio.currentTime * 1000)?.el);
    cancelAnimationFrame(frame);
    frame = audio.paused ? 0 : requestAnimationFrame(tick);
  };
  const start = () => {
    words ??= texts.flatMap(wrap).sort((a, b) => a.ms - b.ms);
    tick();
  };
  const playFrom = (el: HTMLElement) => {
    audio.currentTime = Number(el.getAttribute(WORDS.word)) / 1000;
    light(el);
    audio.play().catch((err: unknown) => console.error('Audio playback failed', audio.src, err));
  };

  audio.addEventListener('play', start);
  audio.addEventListener('seeked', tick);
  audio.addEventListener('ended', () => light(undefined));
  group.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLElement>(sel(WORDS.word));
    if (el) playFrom(el);
  });
  group.addEventListener('keydown', (e) => {
    const el = (e.target as Element).closest<HTMLElement>(sel(WORDS.word));
    if (!el) return;
    const step = STEP[e.key];
    if (e.key === 'Enter' || e.key === ' ') playFrom(el);
    else if (step) {
      const own = [...(el.parentElement?.querySelectorAll<HTMLElement>(sel(WORDS.word)) ?? [])];
      const i = own.indexOf(el) + step;
      if (i < 0 || i >= own.length) return;
      const next = own[i];
      el.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    } else return;
    e.preventDefault();
  });
  if (!audio.paused) start(); // the head script may have started it before this island came
}
