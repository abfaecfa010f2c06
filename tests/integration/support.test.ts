import { createHash } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { api, invalidFields, twin, pointAtTwin } from './helpers.js';

interface StoredMail {
  from: string;
  replyTo?: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
const sentMail = async (): Promise<StoredMail[]> => (await (await fetch(`http://127.0.0.1:${twin().ports.ses}/store`)).json()).emails;

/** The twin's DynamoDB through the data layer, to see what was stored. */
async function storedMessages() {
  pointAtTwin();
  const { queryPartition } = await import('../../functions/data/table.js');
  return queryPartition(`SUPPORT#${new Date().toISOString().slice(0, 7)}`);
}

describe('support API', () => {
  it("validates with the spec's texts and a length limit", async () => {
    expect(await invalidFields('POST', '/api/support', { body: { name: 'A', email: 'not-an-email', message: 'too short' } })).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      message: 'Message must be at least 10 characters.',
    });
    const long = await api('POST', '/api/support', { body: { name: 'Ann', email: 'ann@example.com', message: 'x'.repeat(5001) } });
    expect(long.status).toBe(400);
    expect((await api('POST', '/api/support', {})).status).toBe(400);
  });

  it('stores the message, then mails it to support with the visitor as reply-to', async () => {
    const before = (await sentMail()).length;
    const message = `Hello, the audio of lesson 3 does not play. ${Date.now()}`;
    const r = await api('POST', '/api/support', { body: { name: 'Ann\r\nBcc: evil@example.com', email: 'ann@example.com', message } });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe("Message sent successfully! We'll get back to you soon.");

    const mails = await sentMail();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.destination.to).toEqual(['support@parrotphrases.example']);
    expect(mail.from).toContain('no-reply@parrotphrases.example');
    expect(mail.replyTo).toContain('ann@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.body.text).toContain(message);

    const stored = (await storedMessages()).find((m) => m.message === message);
    expect(stored).toMatchObject({ email: 'ann@example.com', status: 'sent', id: r.body.id });
    // Deleted by the table's TTL after the documented retention (docs/security.md).
    expect(Number(stored!.ttl) - Date.now() / 1000).toBeCloseTo(365 * 86_400, -3);
  });
});

describe('support mail failure', () => {
  it('keeps the stored message (mail_failed) and answers 502 with the fallback text', async () => {
    pointAtTwin();
    const { handler } = await import('../../functions/handlers/support.js');
    // No local server fails on demand: SES is mocked, DynamoDB is the twin's.
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Daily message quota exceeded'), { name: 'LimitExceededException' }));
    try {
      const message = `Please call me back about my account. ${Date.now()}`;
      const event = {
        routeKey: 'POST /api/support',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bob', email: 'bob@example.com', message }),
        requestContext: {},
      } as never;
      const r = await handler(event, {} as never);
      expect(r.statusCode).toBe(502);
      expect(JSON.parse(r.body!)).toEqual({ message: 'Failed to send your message. Please try again later.' });
      expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
      const stored = (await storedMessages()).find((m) => m.message === message);
      expect(stored).toMatchObject({ name: 'Bob', email: 'bob@example.com', status: 'mail_failed' });
    } finally {
      ses.restore();
    }
  });
});

describe('the support form posted without script (POST /support)', () => {
  const origin = () => twin().url;
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}, body?: string) =>
    fetch(`${twin().url}/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), ...headers },
      body: body ?? new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  it('stores and mails the message and answers the page with the green notice and an empty form, never cached', async () => {
    const before = (await sentMail()).length;
    const message = `Posted without script, about lesson 4. ${Date.now()}`;
    const r = await post({ name: 'Noor', email: 'noor@example.com', message });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const html = await r.text();
    expect(html).toContain('Message sent successfully! We&#x27;ll get back to you soon.');
    expect(html).not.toContain('Noor');
    expect((await sentMail()).length).toBe(before + 1);
    expect((await storedMessages()).find((m) => m.message === message)).toMatchObject({ email: 'noor@example.com', status: 'sent' });
    // The outcome belongs to that answer only: the page itself is unchanged.
    expect(await (await fetch(`${twin().url}/support`)).text()).not.toContain('Message sent successfully');
  });

  it("answers invalid input with the spec's texts beside the fields, keeping what was typed (escaped), and stores nothing", async () => {
    const before = (await sentMail()).length;
    const r = await post({ name: 'A', email: 'not-an-email', message: '<script>x</script>' });
    expect(r.status).toBe(400);
    const html = await r.text();
    for (const text of ['Name must be at least 2 characters.', 'Please enter a valid email address.']) expect(html).toContain(text);
    expect(html).toContain('value="A"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toMatch(/aria-invalid="true"/);
    expect((await sentMail()).length).toBe(before);
  });

  it('refuses a post from another site, a body that is not a form, and an oversized one, with nothing stored', async () => {
    const before = (await sentMail()).length;
    const fields = { name: 'Mallory', email: 'm@example.com', message: 'Cross-site message posted from elsewhere' };
    expect((await post(fields, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(fields, { origin: '' })).status).toBe(403);
    expect((await post(fields, { 'content-type': 'application/json' }, JSON.stringify(fields))).status).toBe(415);
    expect((await post({ ...fields, message: 'x'.repeat(40 * 1024) })).status).toBe(413);
    expect((await sentMail()).length).toBe(before);
  });

  it("is not refused for its unsigned body: the form page's origin is the API, not the render function's URL", async () => {
    // A browser never sends x-amz-content-sha256; the same post to a page of the function URL origin is refused (below).
    const r = await post({ name: 'Ines', email: 'ines@example.com', message: 'short' });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('Message must be at least 10 characters.');
  });
});

describe("origin access control on the render function's URL (every page path but the form pages)", () => {
  const body = 'name=Ann&email=ann%40example.com&message=Posted+to+a+page+of+the+function+URL';
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const postTo = (path: string, headers: Record<string, string> = {}, method = 'POST') =>
    fetch(`${twin().url}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: twin().url, ...headers }, body });

  it('refuses a POST or PUT body without its SHA-256 in x-amz-content-sha256, or with another, as CloudFront and Lambda do (403)', async () => {
    const before = (await sentMail()).length;
    for (const path of ['/faq', '/', '/blog']) {
      const r = await postTo(path);
      expect(r.status, path).toBe(403);
      expect(await r.json()).toEqual({ Message: expect.stringMatching(/^Forbidden\./) });
    }
    expect((await postTo('/faq', {}, 'PUT')).status).toBe(403);
    expect((await postTo('/faq', { 'x-amz-content-sha256': sha256('another body') })).status).toBe(403);
    expect((await postTo('/faq', { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' })).status).toBe(403);
    expect((await sentMail()).length).toBe(before);
  });

  it('lets a signed body through to the function, which takes no form there (405)', async () => {
    expect((await postTo('/faq', { 'x-amz-content-sha256': sha256(body) })).status).toBe(405);
    expect((await postTo('/faq', { 'x-amz-content-sha256': sha256(body).toUpperCase() })).status).toBe(405);
    // No body, nothing to sign.
    expect((await fetch(`${twin().url}/faq`, { method: 'POST', headers: { origin: twin().url } })).status).toBe(405);
  });
});
