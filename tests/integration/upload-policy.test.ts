/**
 * The twin enforces S3's POST policy on browser uploads (infra/twin/s3-post-policy.ts), which
 * s3rver alone ignores: forged, expired, oversized or retyped uploads through the gateway's /s3 are
 * refused as S3 refuses them, and nothing is stored.
 */
import http from 'node:http';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY } from '../../infra/twin/gateway.js';
import { adminToken, api, twin } from './helpers.js';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

type Fields = [string, string][];
const MB = 1024 * 1024;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, (_, i) => i)]);
const html = new TextEncoder().encode('<!doctype html><script>alert(document.domain)</script>');

/** A browser-style multipart POST through the gateway: the fields in order, then the file. */
async function post(bucket: string, fields: Fields, bytes: Uint8Array, type: string, name: string) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${twin().url}/s3/${bucket}`, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}
const stored = async (publicUrl: string) => (await fetch(twin().url + publicUrl)).status;
/** S3's refusal of an upload: this status and error in its answer, and nothing stored at the upload's URL. */
async function expectRefused(r: { status: number; text: string }, status: number, error: string, publicUrl: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.text).toContain(error);
  expect(await stored(publicUrl)).toBe(404);
}

/** A real upload grant from the API, as the admin UI gets it. */
async function grant(kind: string, filename: string, contentType: string) {
  const r = await api('POST', '/api/media/uploads', { token: admin, body: { kind, filename, content_type: contentType, size: 100 } });
  expect(r.status).toBe(201);
  const bucket = (r.body.url as string).replace(/^\/s3\//, '');
  return { bucket, fields: Object.entries(r.body.fields as Record<string, string>), publicUrl: r.body.public_url as string };
}

/** A policy signed outside the API, e.g. with a wrong secret or already expired. */
async function forge(secret: string, key: string, expires: number) {
  const client = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: secret } });
  const p = await createPresignedPost(client, {
    Bucket: 'content',
    Key: key,
    Conditions: [
      ['starts-with', '$Content-Type', 'image/'],
      ['content-length-range', 1, MB],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: expires,
  });
  return Object.entries(p.fields);
}

describe('browser uploads are held to the signed POST policy', () => {
  it('refuses an anonymous upload without a policy (the stored-XSS case) and stores nothing', async () => {
    const key = `icons/level/${Date.now()}_anon.html`;
    const r = await post(
      'content',
      [
        ['key', key],
        ['Content-Type', 'text/html'],
      ],
      html,
      'text/html',
      'anon.html',
    );
    await expectRefused(r, 403, '<Code>AccessDenied</Code>', `/media/content/${key}`);
  });

  it('refuses a policy signed with another secret', async () => {
    const key = `icons/level/${Date.now()}_forged.png`;
    const r = await post('content', await forge('not-the-twin-secret', key, 300), png, 'image/png', 'forged.png');
    await expectRefused(r, 403, '<Code>SignatureDoesNotMatch</Code>', `/media/content/${key}`);
  });

  it('refuses an expired policy, even correctly signed', async () => {
    const key = `icons/level/${Date.now()}_late.png`;
    const r = await post('content', await forge('S3RVER', key, -60), png, 'image/png', 'late.png');
    await expectRefused(r, 403, 'Invalid according to Policy: Policy expired.', `/media/content/${key}`);
  });

  it('refuses 3 MB against the 2 MB limit of an icon with EntityTooLarge', async () => {
    const g = await grant('level-icon', 'big.png', 'image/png'); // declared 100 bytes, then 3 MB sent
    const r = await post(g.bucket, g.fields, new Uint8Array(3 * MB), 'image/png', 'big.png');
    await expectRefused(r, 400, '<Code>EntityTooLarge</Code>', g.publicUrl);
    expect(r.text).toContain(`<MaxSizeAllowed>${2 * MB - 1}</MaxSizeAllowed>`);
  });

  it('refuses an HTML upload where the policy allows an image', async () => {
    const g = await grant('level-icon', 'star.png', 'image/png');
    const fields: Fields = g.fields.map(([k, v]) => [k, k === 'Content-Type' ? 'text/html' : v]);
    const r = await post(g.bucket, fields, html, 'text/html', 'star.html');
    await expectRefused(r, 403, 'Invalid according to Policy: Policy Condition failed', g.publicUrl);
  });

  it('refuses a form field the policy does not cover', async () => {
    const g = await grant('level-icon', 'star.png', 'image/png');
    const r = await post(g.bucket, [...g.fields, ['Content-Disposition', 'inline']], png, 'image/png', 'star.png');
    await expectRefused(r, 403, 'Invalid according to Policy: Extra input fields: Content-Disposition', g.publicUrl);
  });

  it('refuses a second, lower-case content-type field that would replace the signed type', async () => {
    const g = await grant('level-icon', 'star.png', 'image/png');
    const r = await post(g.bucket, [...g.fields, ['content-type', 'text/html']], png, 'text/html', 'star.png');
    await expectRefused(r, 403, 'Policy Condition failed', g.publicUrl);
  });

  it('refuses other bucket operations through /s3 (an anonymous multi-object delete)', async () => {
    const g = await grant('level-icon', 'keep.png', 'image/png');
    expect((await post(g.bucket, g.fields, png, 'image/png', 'keep.png')).status).toBe(204);
    const key = g.publicUrl.replace(`/media/${g.bucket}/`, '');
    const del = await fetch(`${twin().url}/s3/${g.bucket}?delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: `<Delete><Object><Key>${key}</Key></Object></Delete>`,
    });
    expect(del.status).toBe(403);
    expect(await stored(g.publicUrl)).toBe(200);
  });

  // The control: the check must not refuse what S3 accepts.
  it('stores a valid upload from POST /api/media/uploads and serves it with the signed type', async () => {
    const g = await grant('level-icon', 'star.png', 'image/png');
    const r = await post(g.bucket, g.fields, png, 'text/html', 'star.png'); // the file part's own type is not what S3 stores
    expect(r.status, r.text).toBe(204);
    const got = await fetch(twin().url + g.publicUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);
  });
});

/**
 * A raw POST to /s3 (node:http, so the answer can arrive while the body is still being sent): either
 * announcing `contentLength` up front, or streaming `total` bytes chunked. Resolves with the status
 * and how many bytes had been sent when the answer came.
 */
function rawUpload(opts: { contentLength?: number; total: number }) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const url = new URL(`${twin().url}/s3/content`);
    const headers: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=x' };
    if (opts.contentLength !== undefined) headers['content-length'] = String(opts.contentLength);
    // A keep-alive connection of its own, as a browser's: the gateway reads on and drops the rest of the
    // body, so the answer is not lost to a reset (with `Connection: close` Node closes at once after it).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.request({ host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', headers, agent });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, sent });
        req.destroy();
        agent.destroy();
      });
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const write = () => {
      while (!answered && sent < opts.total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('the twin caps the size of an upload before buffering it', () => {
  it('allows the largest upload a policy can sign (20 MB of audio less one byte)', async () => {
    const g = await grant('audio', 'long.mp3', 'audio/mpeg');
    const r = await post(g.bucket, g.fields, new Uint8Array(20 * MB - 1), 'audio/mpeg', 'long.mp3');
    expect(r.status, r.text).toBe(204);
    expect(MAX_UPLOAD_BODY).toBeGreaterThan(20 * MB);
    expect(MAX_UPLOAD_BODY).toBeLessThan(21 * MB);
  });

  it('answers 413 EntityTooLarge at once when Content-Length says the body is larger', { timeout: 10_000 }, async () => {
    const r = await rawUpload({ contentLength: 1024 * MB, total: 1 * MB });
    expect(r.status).toBe(413);
    expect(r.body).toContain('<Code>EntityTooLarge</Code>');
    expect(r.sent).toBeLessThanOrEqual(1 * MB); // answered without waiting for the gigabyte
  });

  it('answers 413 while a chunked body without a length is still arriving', { timeout: 20_000 }, async () => {
    const r = await rawUpload({ total: 200 * MB });
    expect(r.status).toBe(413);
    expect(r.body).toContain('<Code>EntityTooLarge</Code>');
    // Answered once the count passed the cap (plus what the socket buffers held), not after all 200 MB.
    expect(r.sent).toBeLessThan(60 * MB); // measured: 24 MB
  });
});
