/** The browser specs' two lanes (tests/e2e/lanes.ts): every spec runs once, and the lanes' work is even. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deal } from '../e2e/lanes.js';

const specs = readdirSync(new URL('../e2e/', import.meta.url)).filter((f) => f.endsWith('.spec.ts'));

describe('e2e lanes', () => {
  it('runs every spec file in exactly one lane', () => {
    const lanes = deal(specs, 2);
    expect(lanes.flat().sort()).toEqual([...specs].sort());
  });

  it('gives the lanes about the same work: they differ by at most the shortest spec', () => {
    const seconds: Record<string, number> = { a: 100, b: 60, c: 50, d: 40, e: 30, f: 10 };
    const totals = deal(Object.keys(seconds), 2, seconds).map((files) => files.reduce((sum, f) => sum + (seconds[f] ?? 0), 0));
    expect(totals.reduce((a, b) => a + b)).toBe(290);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(10);
  });

  it('counts a spec it has no time for as the median, so a new spec is still dealt', () => {
    expect(deal(['new.spec.ts', 'x.spec.ts'], 2, { 'x.spec.ts': 5 }).flat().sort()).toEqual(['new.spec.ts', 'x.spec.ts']);
  });
});
