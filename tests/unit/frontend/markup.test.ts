/**
 * The contract between the public pages and their scripts (shared/markup.ts): every data-* attribute
 * a script reads is named there once, the scripts use no literal selector of their own, the pages
 * write no contract attribute by hand, and the markup a player renders carries what its island reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AudioPlayer } from '../../../frontend/src/components/audio/AudioPlayer';
import { AUDIO, attr, MARKUP, ROOT, sel } from '../../../shared/markup';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const source = (dir: string) =>
  (readdirSync(path.join(ROOT_DIR, dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => ({ file: `${dir}/${f.split(path.sep).join('/')}`, text: readFileSync(path.join(ROOT_DIR, dir, f), 'utf8') }));
const frontend = source('frontend/src').filter((f) => !f.file.startsWith('frontend/src/admin/'));
/** The scripts: the islands and practice's modules (its .tsx files are the pages). */
const scripts = frontend.filter((f) => f.file.startsWith('frontend/src/islands/') || /^frontend\/src\/practice\/[^/]+\.ts$/.test(f.file));
const names = Object.values(MARKUP).flatMap((group) => Object.values(group) as string[]);

describe('the markup contract', () => {
  it('names data-* attributes, each once per group', () => {
    for (const group of Object.values(MARKUP)) {
      const values = Object.values(group) as string[];
      expect(new Set(values).size).toBe(values.length);
      for (const v of values) expect(v).toMatch(/^data-[a-z]+(-[a-z]+)*$/);
    }
  });

  it('builds selectors and JSX props from the names', () => {
    expect(sel(ROOT.play)).toBe('[data-play]');
    expect(sel(AUDIO.speed, 1.3)).toBe('[data-speed="1.3"]');
    expect(attr(AUDIO.seek, -10)).toEqual({ 'data-seek': '-10' });
    expect(attr(ROOT.play)).toEqual({ 'data-play': '' });
  });

  it('leaves no literal data-* selector or dataset read in the scripts', () => {
    expect(scripts.length).toBeGreaterThan(20);
    // A selector, a dataset read, or a data-* name in a string (a name kept in a constant of its own).
    const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const literal = scripts.filter((f) => /\[data-|\.dataset\b|Attribute\('data-|['"`]data-[a-z]/.test(code(f.text))).map((f) => f.file);
    expect(literal).toEqual([]);
  });

  it('is the only place the pages spell a contract attribute', () => {
    const spelt = frontend.flatMap((f) =>
      names.filter((n) => new RegExp(`[\\s{'"[]${n}[=\\]\\s/>'"]`).test(f.text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))).map((n) => `${f.file}: ${n}`),
    );
    expect(spelt).toEqual([]);
  });

  it('has no name that nothing uses', () => {
    const code = [...frontend, ...source('shared').filter((f) => f.file !== 'shared/markup.ts')].map((f) => f.text).join('\n');
    const unused = Object.entries(MARKUP).flatMap(([g, group]) =>
      Object.keys(group)
        .filter((k) => !new RegExp(`\\b${g}\\.${k}\\b`).test(code) && !new RegExp(`\\{[^}]*\\b${k}\\b[^}]*\\} = ${g}\\b`).test(code))
        .map((k) => `${g}.${k}`),
    );
    expect(unused).toEqual([]);
  });

  it('puts on the player every attribute its island reads', () => {
    const html = renderToStaticMarkup(createElement(AudioPlayer, { src: '/a.mp3', label: 'Greetings' }));
    expect(html).toContain(`${ROOT.island}="audio"`);
    for (const name of [ROOT.play, ...Object.values(AUDIO)]) expect(html).toContain(`${name}=`);
    expect(html.match(new RegExp(`${AUDIO.speed}="`, 'g'))).toHaveLength(3);
  });
});
