/**
 * Presigned POST uploads (posted like a browser would, through the gateway's same-origin /s3 proxy,
 * then served back from /media) and text-to-speech with the offline engine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/data/limits.js';
import { OTHER_LANGUAGE_TEXT } from '../../shared/roles.js';
import { adminToken, api, editorToken, ok, subOf, twin, userToken } from './helpers.js';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

const presign = (body: Record<string, unknown>) => api('POST', '/api/media/uploads', { token: admin, body });
/** The policy document S3 enforces, decoded from the form fields. */
const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };

/** A browser-style multipart POST: the signed fields, then the file last. */
async function post(url: string, fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, type: string, name = 'file.bin') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type }), name);
  return fetch(twin().url + url, { method: 'POST', body: form });
}

describe('presigned uploads', () => {
  it("validates the request with the spec's texts", async () => {
    const notAudio = await presign({ kind: 'audio', filename: 'a.png', content_type: 'image/png', size: 10 });
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.message).toBe('Please select an audio file');
    const notImage = await presign({ kind: 'level-icon', filename: 'a.mp3', content_type: 'audio/mpeg', size: 10 });
    expect(notImage.body.message).toBe('Please select an image file');
    const tooBig = await presign({ kind: 'lesson-icon', filename: 'a.png', content_type: 'image/png', size: 2 * 1024 * 1024 });
    expect(tooBig.body.message).toBe('Image size should be less than 2MB');
    expect((await presign({ kind: 'lesson-icon', filename: 'a.png', content_type: 'image/png', size: 2 * 1024 * 1024 - 1 })).status).toBe(201);
    expect((await presign({ kind: 'audio', filename: 'big.mp3', content_type: 'audio/mpeg', size: 20 * 1024 * 1024 })).status).toBe(400);
    expect((await presign({ kind: 'video', filename: 'a.mp4', content_type: 'video/mp4', size: 10 })).status).toBe(400);
    expect((await presign({ kind: 'audio', filename: '', content_type: 'audio/mpeg', size: 10 })).body.message).toBe('No file provided');
  });

  it('takes PNG, JPEG, WebP and GIF images (and ICO favicons), never SVG, which can carry script', async () => {
    for (const kind of ['level-icon', 'blog-image', 'settings-logo', 'settings-favicon']) {
      const svg = await presign({ kind, filename: 'x.svg', content_type: 'image/svg+xml', size: 100 });
      expect(svg.status, kind).toBe(400);
      expect(svg.body.fields.content_type).toBe('Please select a PNG, JPEG, WebP or GIF image');
    }
    expect((await presign({ kind: 'settings-logo', filename: 'x.ico', content_type: 'image/x-icon', size: 100 })).status).toBe(400);
  });

  it('chooses the keys of spec section 7 on the server', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['audio', 'my song.mp3', 'audio/mpeg', /^\/media\/content\/audio\/\d{13}_my_song\.mp3$/],
      ['level-icon', 'star.png', 'image/png', /^\/media\/content\/icons\/level\/\d{13}_star\.png$/],
      ['lesson-icon', 'moon.gif', 'image/gif', /^\/media\/content\/icons\/lesson\/\d{13}_moon\.gif$/],
      ['blog-image', 'Summer in Rome.JPG', 'image/jpeg', /^\/media\/assets\/blog\/\d{13}_Summer_in_Rome\.JPG$/],
      ['settings-hero', 'Hero Shot.WEBP', 'image/webp', /^\/media\/assets\/settings\/hero_\d{13}\.webp$/],
      ['settings-favicon', 'icon', 'image/png', /^\/media\/assets\/settings\/favicon_\d{13}\.png$/],
      ['settings-favicon', 'favicon.ico', 'image/x-icon', /^\/media\/assets\/settings\/favicon_\d{13}\.ico$/],
      ['settings-app', '../../etc/passwd.png', 'image/png', /^\/media\/assets\/settings\/app_\d{13}\.png$/],
    ];
    for (const [kind, filename, content_type, want] of cases) {
      const r = await presign({ kind, filename, content_type, size: 100 });
      expect(r.status, kind).toBe(201);
      expect(r.body.public_url, kind).toMatch(want);
      expect(r.body.url).toBe(`/s3/${want.source.includes('content') ? 'content' : 'assets'}`);
      expect(`/media/${r.body.url.slice(4)}/${r.body.fields.key}`).toBe(r.body.public_url);
    }
  });

  it('signs a policy that bounds key, type, size and cache control', async () => {
    const r = await presign({ kind: 'level-icon', filename: 'star.png', content_type: 'image/png', size: 100 });
    expect(r.body.fields).toMatchObject({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = policyOf(r.body.fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: r.body.fields.key },
        { 'Content-Type': 'image/png' },
        ['content-length-range', 1, 2 * 1024 * 1024 - 1],
        { 'Cache-Control': 'public, max-age=3600' },
      ]),
    );
    const ttl = new Date(policy.expiration).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it('accepts a browser-style multipart POST through /s3 and serves the file from /media with Range', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7) % 256);
    const r = await presign({ kind: 'audio', filename: 'clip.mp3', content_type: 'audio/mpeg', size: bytes.length });
    const up = await post(r.body.url, r.body.fields, bytes, 'audio/mpeg', 'clip.mp3');
    expect(up.status, await up.clone().text()).toBeLessThan(300);

    const got = await fetch(twin().url + (r.body.public_url as string));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('audio/mpeg');
    // Stored files can never run script on this origin (an uploaded SVG or HTML): sandboxed, no sniffing.
    expect(got.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
    expect(got.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const range = await fetch(twin().url + (r.body.public_url as string), { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.slice(100, 200));
  });

  it('needs an admin', async () => {
    expect((await api('POST', '/api/media/uploads', { body: { kind: 'audio', filename: 'a.mp3', content_type: 'audio/mpeg', size: 1 } })).status).toBe(401);
  });
});

describe('text-to-speech', () => {
  it("asks for text with the spec's message", async () => {
    const r = await api('POST', '/api/media/tts', { token: admin, body: { text: '   ', language: 'es' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please enter at least one phrase to generate audio');
  });

  it('generates MP3 with the offline engine, stores it in the content bucket and serves it', async () => {
    const r = await api('POST', '/api/media/tts', { token: admin, body: { text: 'Hola. ¿Cómo estás?', language: 'es' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.audio_url).toMatch(/^\/media\/content\/audio\/tts_es_[\w-]{32}\.mp3$/);
    const got = await fetch(twin().url + (r.body.audio_url as string));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = new Uint8Array(await got.arrayBuffer());
    expect(mp3.length).toBeGreaterThan(2000); // about a second of 64 kbit/s speech, not an empty file
    // An MP3 frame sync (11 set bits) or an ID3 tag at the start.
    const sync = (mp3[0] === 0xff && (mp3[1] & 0xe0) === 0xe0) || String.fromCharCode(...mp3.slice(0, 3)) === 'ID3';
    expect(sync).toBe(true);
  });

  it('names each file by its content: different texts never clash (even concurrently), the same text and voice share one file', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api('POST', '/api/media/tts', { token: admin, body: { text: `Número ${i}`, language: 'es' } })),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(new Set(answers.map((r) => r.body.audio_url)).size).toBe(12);
    const again = await api('POST', '/api/media/tts', { token: admin, body: { text: 'Número 3', language: 'spanish' } });
    expect(again.body.audio_url).toBe(answers[3].body.audio_url);
    const otherVoice = await api('POST', '/api/media/tts', { token: admin, body: { text: 'Número 3', language: 'fr' } });
    expect(otherVoice.body.audio_url).not.toBe(answers[3].body.audio_url);
  });

  it("speaks for an editor only in their own languages: not another's, nor English by default", async () => {
    await ok(api('POST', '/api/languages', { token: admin, body: { id: 'tts-own', name: 'TTS own', flag_url: 'https://flags.example/t.svg' } }));
    const editor = await editorToken(admin, 'tts.editor@parrotphrases.test', ['tts-own']);
    // Polly bills per character: a French editor's audio is never made on a Spanish editor's right.
    const other = await api('POST', '/api/media/tts', { token: editor, body: { text: 'Bonjour', language: 'fr' } });
    expect([other.status, other.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
    const unnamed = await api('POST', '/api/media/tts', { token: editor, body: { text: 'Hello' } });
    expect([unnamed.status, unnamed.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
    expect((await api('POST', '/api/media/tts', { token: editor, body: { text: 'Hola', language: 'tts-own' } })).status).toBe(201);
    expect((await api('POST', '/api/media/tts', { token: admin, body: { text: 'Hello' } })).status).toBe(201);
  });

  it(`is limited per admin: past ${LIMITS.tts.max} a minute the answer is 429 and nothing is generated`, async () => {
    // A user of its own (limits count per caller), promoted to admin, and enough of the window left.
    const sub = subOf(await userToken('speaker@parrotphrases.test'));
    expect((await api('POST', `/api/admin/users/${sub}/admin`, { token: admin })).status).toBe(204);
    const speaker = await userToken('speaker@parrotphrases.test');
    const into = (Date.now() / 1000) % LIMITS.tts.windowSeconds;
    if (into > 30) await new Promise((r) => setTimeout(r, (LIMITS.tts.windowSeconds - into + 0.5) * 1000));
    const answers = await Promise.all(
      Array.from({ length: LIMITS.tts.max + 5 }, (_, i) => api('POST', '/api/media/tts', { token: speaker, body: { text: `Limit ${i}`, language: 'es' } })),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(LIMITS.tts.max);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('DELETE', `/api/admin/users/${sub}/admin`, { token: admin })).status).toBe(204);
  });
});
