/**
 * Audio that follows the text on the lesson page: the server writes each timed phrase's timings on
 * its text and nothing more (no word spans: the page without script is as before), and the island
 * lights the word last started.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PhraseGroup } from '@shared/contracts/phrases';
import { WORDS } from '@shared/markup';
import { decodeTimings, encodeTimings } from '@shared/word-timings';
import { PhraseGroups } from '../../../frontend/src/pages/course/PhraseGroups';
import { spokenAt } from '../../../frontend/src/islands/words';

const phrase = (id: string, original_text: string, audio_timings?: string) => ({
  id,
  language_id: 'spanish',
  level_id: 'beginner',
  lesson_id: 'greetings',
  original_text,
  translated_text: 'translation',
  audio_url: '/media/content/audio/tts_es_x.mp3',
  version: 1,
  ...(audio_timings === undefined ? {} : { audio_timings }),
});

describe('the lesson page', () => {
  const timed = encodeTimings([
    { start: 0, end: 4, ms: 0 },
    { start: 7, end: 11, ms: 392 },
  ]);
  const groups = [
    { audio_url: '/media/content/audio/tts_es_x.mp3', phrases: [phrase('p1', 'Hola, ¿cómo estás?', timed), phrase('p2', 'Muy bien')] },
  ] as PhraseGroup[];
  const html = renderToStaticMarkup(createElement(PhraseGroups, { groups, lang: 'es' }));

  it("writes a timed phrase's timings on its text, readable back, and nothing on a phrase without", () => {
    const written = [...html.matchAll(new RegExp(`${WORDS.timings}="([^"]*)"[^>]*>([^<]*)<`, 'g'))];
    expect(written).toHaveLength(1);
    const [, value, text] = written[0];
    expect(text).toBe('Hola, ¿cómo estás?');
    expect(decodeTimings(value, text.length).map((w) => text.slice(w.start, w.end))).toEqual(['Hola', 'cómo']);
    expect(html).toContain(`${WORDS.group}=""`);
  });

  it('wraps no word on the server: the text reads as it did', () => {
    expect(html).not.toContain(`${WORDS.word}=`);
    expect(html).not.toContain(WORDS.spoken);
    expect(html).toContain('>Muy bien<');
  });
});

describe('the island', () => {
  it('lights the last word started, none before the first', () => {
    const words = [{ ms: 100 }, { ms: 400 }, { ms: 900 }];
    expect([0, 99, 100, 399, 400, 5000].map((t) => words.indexOf(spokenAt(words, t)!))).toEqual([-1, -1, 0, 0, 1, 2]);
    expect(spokenAt([], 10)).toBeUndefined();
  });
});
