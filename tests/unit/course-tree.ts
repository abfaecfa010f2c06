/**
 * A language's course tree for the tests of what is computed over it (shared/coverage.ts,
 * shared/hardest.ts): stored items of the contracts' shapes, in Spanish, each field overridable.
 */
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import type { Phrase } from '../../shared/contracts/phrases.js';

export const stored = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
export const LANG = { id: 'es', name: 'Spanish' };

export const level = (id: string, order_index: number | null, extra: Partial<Level> = {}): Level => ({
  ...stored,
  id,
  language_id: 'es',
  title: `Level ${id}`,
  cefr_label: 'A1',
  icon_url: '',
  order_index,
  is_locked: false,
  ...extra,
});

export const lesson = (level_id: string, id: string, order_index: number | null, extra: Partial<Lesson> = {}): Lesson => ({
  ...stored,
  id,
  language_id: 'es',
  level_id,
  title: `Lesson ${id}`,
  translated_title: `Lección ${id}`,
  icon_url: '',
  order_index,
  is_locked: false,
  ...extra,
});

let ulid = 0;
/** A phrase with audio and a translation; its id a fresh ULID-shaped one unless `extra` names it. */
export function phrase(level_id: string, lesson_id: string, extra: Partial<Phrase> = {}): Phrase {
  const id = extra.id ?? `01J${String(++ulid).padStart(10, '0')}`;
  return {
    ...stored,
    id,
    language_id: 'es',
    level_id,
    lesson_id,
    original_text: `Text ${id}`,
    translated_text: `Translation ${id}`,
    audio_url: '/media/content/audio/a.mp3',
    ...extra,
  };
}
