/** Upload keys (functions/lib/media.ts) and the URL browsers post to. */
import { describe, expect, it } from 'vitest';
import { extensionOf, uploadTarget } from '../../functions/lib/media.js';

const now = 1700000000000;

describe('uploadTarget', () => {
  it('puts each kind where the spec says', () => {
    expect(uploadTarget('audio', 'hello world.mp3', 'audio/mpeg', now)).toEqual({ bucket: 'content', key: `audio/${now}_hello_world.mp3` });
    expect(uploadTarget('level-icon', 'a.png', 'image/png', now)).toEqual({ bucket: 'content', key: `icons/level/${now}_a.png` });
    expect(uploadTarget('lesson-icon', 'b.png', 'image/png', now)).toEqual({ bucket: 'content', key: `icons/lesson/${now}_b.png` });
    expect(uploadTarget('blog-image', 'My  Trip.jpg', 'image/jpeg', now)).toEqual({ bucket: 'assets', key: `blog/${now}_My_Trip.jpg` });
    expect(uploadTarget('settings-logo', 'Logo.SVG', 'image/svg+xml', now)).toEqual({ bucket: 'assets', key: `settings/logo_${now}.svg` });
  });

  it('never lets a file name escape its folder', () => {
    expect(uploadTarget('audio', '../../x/../y.mp3', 'audio/mpeg', now).key).toBe(`audio/${now}_....x..y.mp3`);
    expect(uploadTarget('audio', '///', 'audio/mpeg', now).key).toBe(`audio/${now}_file.mp3`);
  });
});

describe('extensionOf', () => {
  it('prefers the file name, then the MIME subtype', () => {
    expect(extensionOf('a.JPEG', 'image/jpeg')).toBe('jpeg');
    expect(extensionOf('favicon', 'image/x-icon')).toBe('ico');
    expect(extensionOf('clip', 'audio/mpeg')).toBe('mp3');
    expect(extensionOf('logo', 'image/svg+xml')).toBe('svg');
    expect(extensionOf('weird.', '')).toBe('bin');
  });
});
