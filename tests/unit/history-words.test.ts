/** What History and Activity say of a change (shared/history-words.ts): fields by their form's name, values in words. */
import { describe, expect, it } from 'vitest';
import { actionInWords, changeSentence, changesInWords, fieldLabel, valueInWords } from '../../shared/history-words.js';
import { differs, restorableFields } from '../../functions/data/versions.js';

describe('changesInWords', () => {
  it("says 'Title: Saludos → Greetings', not the stored field name", () => {
    const changes = changesInWords(
      ['title', 'translated_title', 'icon_url'],
      { title: 'Saludos', translated_title: 'Hola' },
      { title: 'Greetings', translated_title: 'Hola' },
    );
    expect(changes.map(changeSentence)).toEqual(['Title: Saludos → Greetings']);
  });

  it('names files by their name, emptied values as (none), and a missing value the same as an empty one', () => {
    const before = { icon_url: 'https://cdn.test/media/content/icons/lesson/1711111111111_wave.png', excerpt: '' };
    const after = { icon_url: '', excerpt: undefined };
    expect(changesInWords(['icon_url', 'excerpt'], before, after).map(changeSentence)).toEqual(['Icon: wave.png → (none)']);
  });

  it('cuts long texts, and says when two differ only past the cut', () => {
    const a = `${'a'.repeat(100)}1`;
    const b = `${'a'.repeat(100)}2`;
    const [c] = changesInWords(['content'], { content: a }, { content: b });
    expect(c.field).toBe('Content');
    expect(c.before).toHaveLength(80);
    expect(c.after).toMatch(/…\s\(changed further on\)$/);
  });

  it("leaves out a post's lesson_id, shown by its sample lesson", () => {
    expect(
      changesInWords(['lesson_id', 'lesson_path'], { lesson_id: 'a', lesson_path: 'es/a1/a' }, { lesson_id: 'b', lesson_path: 'es/a1/b' }).map(changeSentence),
    ).toEqual(['Sample lesson: es/a1/a → es/a1/b']);
  });
});

describe('valueInWords', () => {
  it('reads yes/no, and a time in the reader’s zone when given one', () => {
    expect(valueInWords('is_locked', true)).toBe('Yes');
    expect(valueInWords('published', false)).toBe('No');
    // As the audit log keeps them: text.
    expect(valueInWords('is_locked', 'true')).toBe('Yes');
    expect(valueInWords('is_locked', 'false')).toBe('No');
    expect(valueInWords('publish_at', '2026-11-28T03:10:05.000Z', { time: (iso) => `local ${iso.slice(11, 19)}` })).toBe('local 03:10:05');
    expect(valueInWords('title', '2026-11-28T03:10:05.000Z', { time: () => 'no' })).toBe('2026-11-28T03:10:05.000Z');
  });
});

describe('names', () => {
  it('gives fields and actions in words', () => {
    expect(fieldLabel('translated_title')).toBe('Translated title');
    expect(fieldLabel('publish_at')).toBe('Publish at');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
    expect(actionInWords('lesson.save_draft')).toBe('Saved as draft');
    expect(actionInWords('release')).toBe('Published by its scheduled release');
    expect(actionInWords('course.bulk_publish')).toBe('Published (several at once)');
    expect(actionInWords('backup.import')).toBe('Imported');
  });
});

describe('what History keeps (functions/data/versions.ts)', () => {
  it('counts only what Restore brings back: not the lock, the order or going public', () => {
    expect(restorableFields('lesson')).toEqual(expect.arrayContaining(['title', 'translated_title', 'icon_url']));
    expect(restorableFields('lesson')).not.toContain('is_locked');
    const lesson = { title: 'A', translated_title: 'B', icon_url: '' };
    expect(differs('lesson', lesson, { ...lesson, is_locked: true, order_index: 4, is_draft: false })).toBe(false);
    expect(differs('lesson', lesson, { ...lesson, icon_url: undefined })).toBe(false);
    expect(differs('lesson', lesson, { ...lesson, title: 'C' })).toBe(true);
  });
});
