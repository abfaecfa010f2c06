/**
 * Every service of the twin listens on the loopback interface only (issue 9: DynamoDB Local used to
 * listen on every interface). Reads the kernel's socket tables (/proc/net/tcp and tcp6), so it
 * sees exactly where each port is bound, whichever process holds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { twin } from './helpers.js';

interface Listener {
  address: string;
  port: number;
}

/** `0100007F` (a little-endian 32-bit word) → 127.0.0.1. */
const ipv4 = (hex: string) => [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join('.');

/** 32 hex digits, four little-endian words → `::`, `::1`, `::ffff:127.0.0.1`, or all eight groups. */
function ipv6(hex: string): string {
  const bytes = [0, 8, 16, 24].flatMap((w) => [6, 4, 2, 0].map((i) => parseInt(hex.slice(w + i, w + i + 2), 16)));
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 16)) return '::';
  if (zeros(0, 15) && bytes[15] === 1) return '::1';
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return `::ffff:${bytes.slice(12).join('.')}`;
  return Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
}

/** Listening TCP sockets from a /proc/net/tcp{,6} table (state 0A = LISTEN). */
function listeners(table: string, family: 4 | 6): Listener[] {
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[3] === '0A')
    .map((f) => {
      const [addr, port] = f[1].split(':');
      return { address: family === 4 ? ipv4(addr) : ipv6(addr), port: parseInt(port, 16) };
    });
}

const isLoopback = (a: string) => /^127\./.test(a) || a === '::1' || /^::ffff:127\./.test(a);

describe('socket table parsing', () => {
  it('reads addresses and ports as the kernel writes them', () => {
    const v4 = `  sl  local_address rem_address   st
   0: 0100007F:0EF1 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1 1 0 100 0 0 10 0
   1: 00000000:0EF2 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 2 1 0 100 0 0 10 0
   2: 0100007F:0EF3 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 3 1 0 100 0 0 10 0`;
    expect(listeners(v4, 4)).toEqual([
      { address: '127.0.0.1', port: 3825 },
      { address: '0.0.0.0', port: 3826 },
    ]);
    const v6 = `  sl  local_address                         remote_address                        st
   0: 00000000000000000000000001000000:0EF1 00000000000000000000000000000000:0000 0A 0
   1: 00000000000000000000000000000000:0EF2 00000000000000000000000000000000:0000 0A 0
   2: 0000000000000000FFFF00000100007F:0EF3 00000000000000000000000000000000:0000 0A 0`;
    expect(listeners(v6, 6)).toEqual([
      { address: '::1', port: 3825 },
      { address: '::', port: 3826 },
      { address: '::ffff:127.0.0.1', port: 3827 },
    ]);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.5', '::ffff:0.0.0.0'].some(isLoopback)).toBe(false);
  });
});

describe.runIf(existsSync('/proc/net/tcp'))('the twin listens on loopback only', () => {
  it('binds the gateway, DynamoDB Local, s3rver, cognito-local and SES to 127.0.0.1', () => {
    const ports = twin().ports;
    const all = [
      ...listeners(readFileSync('/proc/net/tcp', 'utf8'), 4),
      ...(existsSync('/proc/net/tcp6') ? listeners(readFileSync('/proc/net/tcp6', 'utf8'), 6) : []),
    ];
    for (const [service, port] of Object.entries(ports)) {
      const bound = all.filter((l) => l.port === port);
      // Found at all (else the check below proves nothing), and nowhere but loopback.
      expect(bound.length, `${service} (:${port}) is not listening`).toBeGreaterThan(0);
      expect(
        bound.filter((l) => !isLoopback(l.address)),
        `${service} (:${port}) listens beyond loopback`,
      ).toEqual([]);
    }
  });
});
