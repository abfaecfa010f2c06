/**
 * Release times in the back office (frontend/src/admin/publishing/time.ts): typed and shown in the
 * admin's time zone, sent in UTC. Run in a zone with an offset so a lost conversion shows.
 */
import { describe, expect, it } from 'vitest';

process.env.TZ = 'Europe/Paris';
const { formatReleaseTime, fromLocalInput, toLocalInput } = await import('../../frontend/src/admin/publishing/time.js');

describe('release times', () => {
  it("converts the admin's local input to UTC and back", () => {
    // Paris is UTC+1 in November.
    expect(fromLocalInput('2026-11-27T09:00')).toBe('2026-11-27T08:00:00.000Z');
    expect(toLocalInput('2026-11-27T08:00:00.000Z')).toBe('2026-11-27T09:00');
    // Summer time: UTC+2.
    expect(fromLocalInput('2026-07-01T09:30')).toBe('2026-07-01T07:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const v of ['', '2026-11-27', '27/11/2026 09:00', '2026-13-45T99:99']) expect(fromLocalInput(v), v).toBeUndefined();
  });

  it('shows an instant with the time zone it is shown in', () => {
    const shown = formatReleaseTime('2026-11-27T08:00:00.000Z');
    expect(shown).toMatch(/09:00/);
    expect(shown).toMatch(/GMT\+1|CET/);
  });
});
