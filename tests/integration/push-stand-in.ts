/**
 * A stand-in push service for the reminder tests: an HTTPS server on 127.0.0.1 (a self-signed
 * certificate made by openssl for the run) that keeps every push it receives and decrypts it with
 * the subscription's real P-256 key pair and auth secret (RFC 8291, aes128gcm: what a browser does),
 * so web-push's encryption runs for real. A path that starts with /gone answers 410, as a push
 * service does for a subscription that expired; /fail answers 500.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const ece = createRequire(import.meta.url)('http_ece') as { decrypt: (b: Buffer, p: Record<string, unknown>) => Buffer };

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload (JSON), or undefined when no subscription of this stand-in matches. */
  payload?: unknown;
}

export async function startPushStandIn() {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  const cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const receivers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const r = receivers.get(path);
      const payload = r
        ? (JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: r.ecdh, authSecret: r.auth }).toString()) as unknown)
        : undefined;
      received.push({ path, headers: req.headers, payload });
      res.writeHead(path.startsWith('/gone') ? 410 : path.startsWith('/fail') ? 500 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Trusts the stand-in's certificate (the job's `agent`). */
    agent: new Agent({ ca: cert }),
    /** A browser's PushSubscription.toJSON() for a new device, its endpoint at `path` of this stand-in. */
    subscription(path: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      receivers.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    pushesTo: (path: string) => received.filter((p) => p.path === path),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;
