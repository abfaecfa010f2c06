/**
 * Keep my progress (issue 33 item 4): the progress file's version mark and schema
 * (@shared/contracts/progress), the merge of a file into the device's cards (each review kept once,
 * the later review's schedule), and the restore on fake-indexeddb: all of a file or nothing, the
 * takes of the recorder's store carried through a backup and back.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_FORMAT, readProgress, type ProgressFile } from '@shared/contracts/progress';
import { gradedCard } from './cards';
import { buildProgress, mergeProgress, newTakes, restoredLine } from '../../../frontend/src/practice/progress-file';
import type * as StoreModule from '../../../frontend/src/practice/device-store';

type StoredCard = StoreModule.StoredCard;

const saved: Blob[] = [];
vi.mock('../../../frontend/src/api/save-file', () => ({ saveFile: (_name: string, blob: Blob) => saved.push(blob) }));

const T0 = new Date('2026-11-20T09:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** Phrase `n`'s card graded at each of these minutes after T0 with these ratings. */
const card = (n: number, ...grades: [minutes: number, rating: number][]) =>
  gradedCard(
    n,
    T0,
    grades.map(([m, rating]) => [at(m), rating]),
  );

const fileOf = (cards: StoredCard[], takes?: ProgressFile['takes']) => buildProgress(cards, takes, at(60 * 24));
const text = (doc: unknown) => JSON.stringify(doc);

describe('the progress file', () => {
  it('reads back what a backup wrote', () => {
    const file = fileOf(
      [card(1, [0, 3], [10, 3]), card(2, [5, 1])],
      [{ phraseId: 'p1', mime: 'audio/webm;codecs=opus', createdAt: at(1).toISOString(), data: 'AAEC' }],
    );
    expect(file).toMatchObject({ format: PROGRESS_FORMAT, version: 1 });
    expect(file.reviews).toHaveLength(3);
    expect(readProgress(text(file))).toEqual({ file });
  });

  it('refuses a file that is not one, in words', () => {
    for (const bad of ['not json', text({ version: 1, cards: [] }), text({ format: 'parrot-phrases', version: 1 }), text([1, 2])])
      expect(readProgress(bad)).toEqual({ problem: expect.stringMatching(/^This is not a Parrot Phrases progress file/) as string });
  });

  it('refuses a newer version than it reads, saying so, and reads every older one', () => {
    const file = fileOf([card(1, [0, 3])]);
    expect(readProgress(text({ ...file, version: 2 }))).toEqual({
      problem: expect.stringContaining('saved by a newer version of Parrot Phrases (format 2)') as string,
    });
    expect(readProgress(text({ ...file, version: 0 }))).toEqual({ problem: expect.stringMatching(/^This is not a Parrot Phrases progress file/) as string });
  });

  it('names where a damaged file is damaged, and how much else is', () => {
    const file = fileOf([card(1, [0, 3]), card(2, [0, 3])]);
    const damaged = { ...file, cards: [file.cards[0], { ...file.cards[1], schedule: { ...file.cards[1].schedule, due: 'tomorrow' } }] };
    expect(readProgress(text(damaged))).toEqual({
      problem: expect.stringMatching(/^This file is damaged and nothing was restored: card 2, schedule, due: Invalid ISO datetime/) as string,
    });
    const orphan = {
      ...file,
      reviews: [...file.reviews, { ...file.reviews[0], card: 'spanish/beginner/greetings/P9' }],
      takes: [{ phraseId: 'p1', mime: 'text/plain', createdAt: at(0).toISOString(), data: 'AAEC' }],
    };
    const problem = readProgress(text(orphan));
    expect(problem).toEqual({ problem: expect.stringContaining('(and 1 more problem)') as string });
    expect(JSON.stringify(problem)).toMatch(/take 1, mime: Must be an audio type|review 3, card: A review of a card the file does not have/);
  });
});

describe('the merge of a file into the device', () => {
  it('keeps each review once, by its card and its time', () => {
    const here = card(1, [0, 3]);
    const there = card(1, [0, 3], [10, 3]);
    const file = fileOf([there]);
    // The same review twice in the file counts once.
    const twice = { ...file, reviews: [...file.reviews, file.reviews[1]] };
    const { cards, counts } = mergeProgress([here], twice);
    expect(counts).toEqual({ cards: 1, reviews: 1, already: 2 });
    expect(cards[0].log.map((e) => e.reviewed_at)).toEqual([at(0), at(10)].map((d) => d.toISOString()));
  });

  it("takes the schedule of the card's later review, whichever side has it", () => {
    const older = card(1, [0, 3]);
    const newer = card(1, [0, 3], [30, 1]);
    expect(mergeProgress([older], fileOf([newer])).cards[0].schedule).toEqual(newer.schedule);
    // The device is ahead: its schedule stays, and nothing of the card is written.
    expect(mergeProgress([newer], fileOf([older]))).toEqual({ cards: [], counts: { cards: 1, reviews: 0, already: 1 } });
  });

  it('adds the cards the device does not have, with their reviews', () => {
    const other = card(2, [0, 4]);
    const { cards } = mergeProgress([card(1, [0, 3])], fileOf([other]));
    expect(cards).toEqual([other]);
  });

  it('restores a take only where the device has none of its phrase or an older one', () => {
    const file = (phraseId: string, day: number) => ({ phraseId, mime: 'audio/webm', createdAt: at(day).toISOString(), data: 'AAEC' });
    const local = [
      { phraseId: 'since', createdAt: at(5).toISOString() },
      { phraseId: 'older', createdAt: at(1).toISOString() },
      { phraseId: 'same', createdAt: at(2).toISOString() },
    ];
    const kept = newTakes(local, [file('since', 3), file('older', 4), file('same', 2), file('new', 1), file('new', 2)]);
    expect(kept.map((t) => [t.phraseId, t.createdAt])).toEqual([
      ['older', at(4).toISOString()],
      ['new', at(2).toISOString()],
    ]);
  });

  it('says what it did', () => {
    expect(restoredLine({ cards: 42, reviews: 310, already: 12, takes: 0, takesLeft: 0 })).toBe('Restored 42 cards and 310 reviews; 12 were already here.');
    expect(restoredLine({ cards: 1, reviews: 1, already: 0, takes: 2, takesLeft: 0 })).toBe('Restored 1 card and 1 review. 2 recordings added.');
    expect(restoredLine({ cards: 1, reviews: 0, already: 1, takes: 0, takesLeft: 3 })).toBe(
      'Restored 1 card and 0 reviews; 1 was already here. 3 recordings not restored: this browser cannot keep recordings.',
    );
  });
});

/**
 * A fresh browser profile's IndexedDB (none: `null`); `takes` makes, at the current version, a
 * `takes` store of another shape than the recorder's, so a take's write fails.
 */
async function browser(takes?: { keyPath: string } | null) {
  vi.stubGlobal('indexedDB', takes === null ? undefined : new IDBFactory());
  if (takes)
    await new Promise<void>((resolve) => {
      const req = indexedDB.open('parrot-practice', 2);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('cards', { keyPath: 'id' });
        req.result.createObjectStore('outbox', { autoIncrement: true });
        req.result.createObjectStore('takes', takes);
      };
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
    });
  vi.resetModules();
  const store = await import('../../../frontend/src/practice/device-store');
  const backup = await import('../../../frontend/src/practice/backup');
  const recorder = await import('../../../frontend/src/practice/takes');
  return { store, backup, recorder };
}
const asFile = (doc: unknown) => new File([text(doc)], 'parrot-phrases-progress-2026-11-28.json', { type: 'application/json' });

describe('a restore on the device', () => {
  beforeEach(() => {
    saved.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('brings a backup to a fresh browser, takes included, and a second restore adds nothing', async () => {
    const a = await browser();
    const one = card(1, [0, 3], [10, 3]);
    const two = card(2, [5, 1]);
    await a.store.changeAll(() => ({
      cards: [one, two],
      takes: [{ phraseId: 'p1', mime: 'audio/webm', createdAt: at(2).toISOString(), data: new Uint8Array([0, 1, 2, 250]).buffer }],
      result: 0,
    }));
    expect(await a.backup.saveBackup(true)).toMatch(/^Saved parrot-phrases-progress-\d{4}-\d\d-\d\d\.json with 2 cards, 3 reviews, 1 recording\./);
    const backupFile = new File([saved[0]], 'backup.json');

    const b = await browser();
    expect(await b.backup.restoreFrom(backupFile)).toBe('Restored 2 cards and 3 reviews. 1 recording added.');
    expect(await b.store.allCards()).toEqual([one, two]);
    const [take] = await b.recorder.listTakes();
    expect(take).toMatchObject({ phraseId: 'p1', mime: 'audio/webm' });
    expect([...new Uint8Array(take.data)]).toEqual([0, 1, 2, 250]);
    expect(await b.backup.restoreFrom(backupFile)).toBe('Restored 2 cards and 0 reviews; 3 were already here.');
    expect(await b.recorder.listTakes()).toHaveLength(1);
  });

  it('writes all of a file or nothing', async () => {
    // A takes store keyed by an `id` the file's takes do not carry: the take's write fails after the cards'.
    const { store, backup } = await browser({ keyPath: 'id' });
    const mine = card(1, [0, 3]);
    await store.changeAll(() => ({ cards: [mine], takes: [], result: 0 }));
    const file = fileOf([card(1, [0, 3], [20, 3]), card(2, [0, 3])], [{ phraseId: 'p1', mime: 'audio/mp4', createdAt: at(3).toISOString(), data: 'AAEC' }]);
    await expect(backup.restoreFrom(asFile(file))).rejects.toThrow();
    expect(await store.allCards()).toEqual([mine]);
  });

  it('restores nothing from a damaged file, and says so', async () => {
    const { store, backup } = await browser();
    const file = fileOf([card(1, [0, 3])]);
    expect(await backup.restoreFrom(asFile({ ...file, reviews: [{ ...file.reviews[0], rating: 7 }] }))).toMatch(
      /^This file is damaged and nothing was restored: review 1, rating/,
    );
    expect(await store.allCards()).toEqual([]);
  });

  it("keeps the file's takes out where this browser has no IndexedDB, and says so", async () => {
    const { store, backup } = await browser(null);
    const file = fileOf([card(1, [0, 3])], [{ phraseId: 'p1', mime: 'audio/mp4', createdAt: at(3).toISOString(), data: 'AAEC' }]);
    expect(await backup.restoreFrom(asFile(file))).toBe('Restored 1 card and 1 review. 1 recording not restored: this browser cannot keep recordings.');
    expect(await store.allCards()).toHaveLength(1);
  });
});
