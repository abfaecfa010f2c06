/**
 * The learner's takes on the device (frontend/src/practice/takes.ts, device-db.ts) on fake-indexeddb,
 * a fresh database per test: one take per phrase, the newest wins (a restored older take never
 * replaces one recorded since), delete, the upgrade from the first version of the database keeping
 * its cards, the in-memory store of a browser without IndexedDB, and the flag that tells the loader
 * this device keeps takes.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TakesModule from '../../../frontend/src/practice/takes';

type Take = TakesModule.Take;

const bytes = (...v: number[]) => Uint8Array.from(v).buffer;
const take = (phraseId: string, createdAt: string, ...data: number[]): Take => ({ phraseId, mime: 'audio/webm;codecs=opus', createdAt, data: bytes(...data) });
const content = (t: Take | undefined) => (t ? [...new Uint8Array(t.data)] : undefined);

/** The modules as a page loads them: fresh (their open database forgotten) on this browser's IndexedDB. */
async function load() {
  vi.resetModules();
  return {
    takes: await import('../../../frontend/src/practice/takes'),
    cards: await import('../../../frontend/src/practice/device-store'),
    flag: await import('../../../frontend/src/practice/takes-flag'),
  };
}

let stored: Map<string, string>;
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  stored = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the takes store', () => {
  it('keeps one take per phrase, the newest, and lists them', async () => {
    const { takes } = await load();
    expect(await takes.putTake(take('p1', '2026-03-02T09:00:00Z', 1))).toBe(true);
    expect(await takes.putTake(take('p2', '2026-03-02T09:01:00Z', 2))).toBe(true);
    expect(await takes.putTake(take('p1', '2026-03-02T09:05:00Z', 3))).toBe(true);
    expect(content(await takes.getTake('p1'))).toEqual([3]);
    expect((await takes.listTakes()).map((t) => t.phraseId).sort()).toEqual(['p1', 'p2']);
  });

  it('never replaces a take with an older one (a restored backup)', async () => {
    const { takes } = await load();
    await takes.putTake(take('p1', '2026-03-02T09:05:00Z', 3));
    expect(await takes.putTake(take('p1', '2026-03-01T09:00:00Z', 1))).toBe(false);
    expect(content(await takes.getTake('p1'))).toEqual([3]);
  });

  it('deletes a take, and survives a reload', async () => {
    const first = await load();
    await first.takes.putTake(take('p1', '2026-03-02T09:00:00Z', 1));
    await first.takes.putTake(take('p2', '2026-03-02T09:00:00Z', 2));
    await first.takes.deleteTake('p1');
    const { takes } = await load();
    expect(await takes.getTake('p1')).toBeUndefined();
    expect(content(await takes.getTake('p2'))).toEqual([2]);
    expect((await takes.getTake('p2'))?.mime).toBe('audio/webm;codecs=opus');
  });

  it('tells the loader while the device keeps a take', async () => {
    const { takes, flag } = await load();
    expect(flag.hasTakes()).toBe(false);
    await takes.putTake(take('p1', '2026-03-02T09:00:00Z', 1));
    await takes.putTake(take('p2', '2026-03-02T09:00:00Z', 2));
    expect(flag.hasTakes()).toBe(true);
    await takes.deleteTake('p1');
    expect(flag.hasTakes()).toBe(true);
    await takes.deleteTake('p2');
    expect(flag.hasTakes()).toBe(false);
  });

  it('upgrades a database of the first version: its cards stay, takes are added', async () => {
    // The first version, as a device that practised before takes existed holds it.
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open('parrot-practice', 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('cards', { keyPath: 'id' }).put({ id: 'spanish/beginner/greetings/p1', original_text: 'Hola' });
        req.result.createObjectStore('outbox', { autoIncrement: true });
      };
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error ?? new Error('open failed'));
    });
    const { takes, cards } = await load();
    await takes.putTake(take('p1', '2026-03-02T09:00:00Z', 1));
    expect((await cards.allCards()).map((c) => c.original_text)).toEqual(['Hola']);
    expect(content(await takes.getTake('p1'))).toEqual([1]);
  });

  it('keeps takes for the page view where there is no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { takes } = await load();
    await takes.putTake(take('p1', '2026-03-02T09:05:00Z', 3));
    expect(await takes.putTake(take('p1', '2026-03-02T09:00:00Z', 1))).toBe(false);
    expect(content(await takes.getTake('p1'))).toEqual([3]);
    await takes.deleteTake('p1');
    expect(await takes.listTakes()).toEqual([]);
  });
});
