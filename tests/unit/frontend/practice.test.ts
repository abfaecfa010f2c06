/**
 * The practice screen's pure parts: which action a key press means (practice/shortcuts.ts) and a
 * lesson's deck (practice/deck.ts), with the `lang` tag of its language (pages/course/languageTag.ts),
 * and what the lock screen shows of a card (practice/lock-screen.ts).
 * The session's order (practice/queue.ts) is tested with the schedule, in tests/unit/schedule.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LessonPage } from '@shared/contracts/pages';
import { actionOf } from '../../../frontend/src/practice/shortcuts';
import { lessonDeck } from '../../../frontend/src/practice/deck';
import type { StoredCard } from '../../../frontend/src/practice/device-store';
import { lockScreenText } from '../../../frontend/src/practice/lock-screen';
import { languageTag } from '../../../frontend/src/pages/course/languageTag';

/** An element inside one kind of element (`input`, `button`, `[role="slider"]`…): what `closest` finds of it. */
class FakeElement {
  constructor(private readonly inside: string) {}
  closest(selectors: string) {
    return selectors.split(',').some((s) => s.trim() === this.inside) ? this : null;
  }
}
const inside = (what: string) => new FakeElement(what) as unknown as EventTarget;
const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('practice shortcuts', () => {
  beforeAll(() => vi.stubGlobal('Element', FakeElement));
  afterAll(() => vi.unstubAllGlobals());

  it('maps the keys the help panel lists to their actions', () => {
    expect(actionOf(key(' '), null)).toEqual({ kind: 'play' });
    expect(actionOf(key('Enter'), null)).toEqual({ kind: 'show' });
    expect(actionOf(key('ArrowLeft'), null)).toEqual({ kind: 'seek', by: -10 });
    expect(actionOf(key('ArrowRight'), null)).toEqual({ kind: 'seek', by: 10 });
    expect(actionOf(key('?'), null)).toEqual({ kind: 'help' });
    expect(actionOf(key('r'), null)).toEqual({ kind: 'record' });
    expect(actionOf(key('R'), null)).toEqual({ kind: 'record' });
    for (const rating of [1, 2, 3, 4]) expect(actionOf(key(String(rating)), null)).toEqual({ kind: 'grade', rating });
  });

  it('ignores other keys, grades out of 1-4 among them', () => {
    for (const k of ['0', '5', '9', '12', 'a', 'Escape', 'ArrowUp', 'Tab']) expect(actionOf(key(k), null), k).toBeUndefined();
  });

  it('leaves key presses with Ctrl, Cmd or Alt to the browser', () => {
    for (const mod of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(actionOf(key('1', { [mod]: true }), null), mod).toBeUndefined();
      expect(actionOf(key(' ', { [mod]: true }), null), mod).toBeUndefined();
    }
  });

  it('leaves typing in a field, and the arrows of a slider, to them', () => {
    for (const field of ['input', 'textarea', 'select', '[contenteditable="true"]', '[role="slider"]']) {
      expect(actionOf(key(' '), inside(field)), field).toBeUndefined();
      expect(actionOf(key('ArrowLeft'), inside(field)), field).toBeUndefined();
    }
  });

  it('acts on keys pressed on a button, or on the page itself', () => {
    expect(actionOf(key('Enter'), inside('button'))).toEqual({ kind: 'show' });
    expect(actionOf(key('2'), new EventTarget())).toEqual({ kind: 'grade', rating: 2 });
  });
});

describe("a lesson's deck", () => {
  const phrase = (id: string, original_text: string, audio_url: string) => ({
    id,
    language_id: 'spanish',
    level_id: 'a1',
    lesson_id: 'greetings',
    original_text,
    translated_text: `${original_text} (en)`,
    audio_url,
  });
  const page = {
    language: { id: 'spanish', name: 'Spanish' },
    groups: [
      { audio_url: '/a.mp3', phrases: [phrase('p1', 'Hola', '/a.mp3'), phrase('p2', 'Buenas', '/a.mp3')] },
      { audio_url: '/b.mp3', phrases: [phrase('p3', 'Adiós', '/b.mp3')] },
    ],
  } as unknown as Pick<LessonPage, 'language' | 'groups'>;

  it("has the page's phrases in page order, each with its ids, texts, audio and language", () => {
    const deck = lessonDeck(page, 'es');
    expect(deck.map((c) => c.phrase_id)).toEqual(['p1', 'p2', 'p3']);
    expect(deck[2]).toEqual({
      language_id: 'spanish',
      level_id: 'a1',
      lesson_id: 'greetings',
      phrase_id: 'p3',
      original_text: 'Adiós',
      translated_text: 'Adiós (en)',
      audio_url: '/b.mp3',
      language_name: 'Spanish',
      lang_tag: 'es',
    });
  });

  it('carries no lang tag when the language has none', () => {
    for (const card of lessonDeck(page, undefined)) expect(card).not.toHaveProperty('lang_tag');
  });

  it('is empty for a page without phrases', () => {
    expect(lessonDeck({ ...page, groups: [] }, 'es')).toEqual([]);
  });
});

describe("a language's lang tag", () => {
  it('maps course ids and names to BCP 47, whatever their case', () => {
    expect(languageTag({ id: 'spanish' })).toBe('es');
    expect(languageTag({ id: 'castellano', name: 'Spanish' })).toBe('es');
    expect(languageTag({ id: 'x1', name: '  GERMAN ' })).toBe('de');
    expect(languageTag({ id: 'mandarin-chinese' })).toBe('zh');
  });

  it("reads the first word of a longer name ('Portuguese (Brazil)')", () => {
    expect(languageTag({ id: 'br', name: 'Portuguese (Brazil)' })).toBe('pt');
  });

  it('keeps ids that are tags already, and gives an unknown language no tag rather than a wrong one', () => {
    expect(languageTag({ id: 'es' })).toBe('es');
    expect(languageTag({ id: 'pt-br', name: 'Brasileiro' })).toBe('pt-br');
    expect(languageTag({ id: 'klingon', name: 'Klingon' })).toBeUndefined();
    expect(languageTag({ id: 'x', name: '' })).toBeUndefined();
  });
});

describe('the lock screen', () => {
  const card = { original_text: 'Buenos días', translated_text: 'Good morning', language_name: 'Spanish' } as StoredCard;

  it('shows the prompt only until the answer opens, then the phrase and its translation', () => {
    // 'Listen': the phrase heard, not what it means; 'Say it': the translation, not the phrase to say.
    expect(lockScreenText(card, 'listen', false)).toEqual({ title: 'Buenos días', artist: '', album: 'Spanish practice' });
    expect(JSON.stringify(lockScreenText(card, 'say', false))).not.toContain('Buenos días');
    expect(lockScreenText(card, 'say', false).title).toBe('Good morning');
    for (const d of ['listen', 'say'] as const)
      expect(lockScreenText(card, d, true)).toEqual({ title: 'Buenos días', artist: 'Good morning', album: 'Spanish practice' });
  });
});
