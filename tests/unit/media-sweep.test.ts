/** The media sweep's pure parts: which texts count as a use of a file, and which keys it may touch. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { collectReferences, isReferenced } from '../../functions/jobs/media-sweep.js';
import { demoKeys, MEDIA_PREFIXES, MEDIA_WRITE_PREFIXES, speechKey, uploadTarget } from '../../functions/lib/media.js';
import { UPLOAD_KINDS } from '../../shared/contracts/media.js';

const refs = (item: unknown) => [...collectReferences(item, new Set())].sort();
const used = (item: unknown, path: string) => isReferenced(refs(item), path);

describe('references', () => {
  it('finds media URLs in every attribute, absolute or site-relative, at any depth', () => {
    const settings = {
      entity: 'settings',
      logo: 'https://d1.cloudfront.net/media/assets/settings/logo_1.png',
      favicon: '/media/assets/settings/favicon_2.ico',
      hero_image: '',
      nested: { list: ['/media/content/audio/tts_es_abc-_9.mp3'], set: new Set(['/media/assets/settings/app_3.webp']) },
    };
    expect(refs(settings)).toEqual([
      'assets/settings/app_3.webp',
      'assets/settings/favicon_2.ico',
      'assets/settings/logo_1.png',
      'content/audio/tts_es_abc-_9.mp3',
    ]);
  });

  it('reads URLs inside a blog body: Markdown, HTML, a full stop or a query after them', () => {
    const post = {
      content:
        'See ![a](/media/assets/blog/1_a.png) and <img src="/media/assets/blog/2_b.png">. Also /media/assets/blog/3_c.png. And /media/assets/blog/4_d.png?x=1',
    };
    for (const key of ['1_a.png', '2_b.png', '3_c.png', '4_d.png']) expect(used(post, `assets/blog/${key}`), key).toBe(true);
    expect(used(post, 'assets/blog/5_e.png')).toBe(false);
  });

  it('matches whole keys only from the start, never a key that merely ends the same', () => {
    const item = { audio_url: '/media/content/audio/12_a.mp3' };
    expect(used(item, 'content/audio/12_a.mp3')).toBe(true);
    expect(used(item, 'content/audio/2_a.mp3')).toBe(false);
    expect(used(item, 'assets/audio/12_a.mp3')).toBe(false);
    expect(used({ note: 'mycontent/audio/12_a.mp3' }, 'content/audio/12_a.mp3')).toBe(false);
  });

  it('decodes percent-encoded URLs', () => {
    expect(used({ url: '/media/assets/blog/1_caf%C3%A9.png' }, 'assets/blog/1_café.png')).toBe(true);
  });

  it('finds the first candidate among many', () => {
    const sorted = ['assets/blog/1.png', 'content/audio/a.mp3', 'content/audio/a.mp3x', 'content/icons/level/z.png'];
    expect(isReferenced(sorted, 'content/audio/a.mp3')).toBe(true);
    expect(isReferenced(sorted, 'content/audio/b.mp3')).toBe(false);
    expect(isReferenced(sorted, 'content/icons/level/z.png')).toBe(true);
    expect(isReferenced([], 'content/audio/a.mp3')).toBe(false);
  });
});

describe('prefixes', () => {
  it('cover every upload kind and text-to-speech audio, so each stored file can be swept', () => {
    for (const kind of UPLOAD_KINDS) {
      const { bucket, key } = uploadTarget(kind, 'file.png', 'image/png');
      expect(
        MEDIA_PREFIXES[bucket].some((p) => key.startsWith(p)),
        `${kind}: ${key}`,
      ).toBe(true);
    }
    expect(MEDIA_PREFIXES.content.some((p) => speechKey('polly', { language: 'es', text: 'Hola' }).startsWith(p))).toBe(true);
  });

  it('let the API write every upload kind and text-to-speech audio, and only within what the sweep may clean', () => {
    for (const kind of UPLOAD_KINDS) {
      const { bucket, key } = uploadTarget(kind, 'file.png', 'image/png');
      expect(
        MEDIA_WRITE_PREFIXES[bucket].some((p) => key.startsWith(p)),
        `${kind}: ${key}`,
      ).toBe(true);
    }
    expect(MEDIA_WRITE_PREFIXES.content.some((p) => speechKey('offline', { language: 'ja', text: 'こんにちは' }).startsWith(p))).toBe(true);
    for (const bucket of ['content', 'assets'] as const) for (const p of MEDIA_WRITE_PREFIXES[bucket]) expect(MEDIA_PREFIXES[bucket]).toContain(p);
    expect(MEDIA_PREFIXES.assets.some((p) => demoKeys.flag('es').startsWith(p))).toBe(true);
    expect(MEDIA_PREFIXES.content.some((p) => demoKeys.audio('es_a1_hi_0').startsWith(p))).toBe(true);
  });
});

describe('speechKey', () => {
  it('names the same sound the same way, and a different voice or text differently', () => {
    const key = speechKey('polly', { language: 'es', text: 'Hola' });
    expect(key).toMatch(/^audio\/tts_es_[\w-]{32}\.mp3$/);
    expect(speechKey('polly', { language: 'es', text: 'Hola' })).toBe(key);
    expect(speechKey('offline', { language: 'es', text: 'Hola' })).not.toBe(key);
    expect(speechKey('polly', { language: 'es', text: 'Hola!' })).not.toBe(key);
  });

  it('keeps the key audio had before voices (default voice, no lexicon, no marks)', () => {
    const before = createHash('sha256')
      .update(JSON.stringify(['polly:es', 'Hola']))
      .digest('base64url')
      .slice(0, 32);
    expect(speechKey('polly', { language: 'es', text: 'Hola', lexicons: [] })).toBe(`audio/tts_es_${before}.mp3`);
  });

  it('changes with the voice, the lexicon content and the SSML, and only with them', () => {
    const base = { language: 'es', text: 'Hola' };
    const lexicon = (say: string) => [{ entries: [{ word: 'Hola', kind: 'alias', say }] }];
    const keys = [
      speechKey('polly', base),
      speechKey('polly', { ...base, voice: 'Sergio' }),
      speechKey('polly', { ...base, lexicons: lexicon('Ola') }),
      speechKey('polly', { ...base, lexicons: lexicon('Olla') }),
      speechKey('polly', { ...base, ssml: '<speak>Hola<break time="500ms"/></speak>' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(speechKey('polly', { ...base, voice: 'Sergio', lexicons: lexicon('Ola') })).toBe(
      speechKey('polly', { ...base, lexicons: lexicon('Ola'), voice: 'Sergio' }),
    );
  });
});
