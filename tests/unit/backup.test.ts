/**
 * The backup document's checks and the import plan (pure parts): every problem of a file with its
 * path, the writes a difference makes (versions only grow, conditions on what was read, deletes
 * last and children first), and transactions within DynamoDB's 100 items and 4 MB.
 */
import { describe, expect, it } from 'vitest';
import { chunk, desiredItems, diff, MAX_TX_BYTES, sameItem, type PlannedWrite } from '../../functions/data/backup.js';
import { backupDocumentSchema, backupProblems, MAX_LISTED_PROBLEMS, pathText, type BackupInput } from '../../shared/contracts/backup.js';
import { MAX_LESSONS_PER_LEVEL } from '../../shared/contracts/lessons.js';
import { MAX_GROUP_PHRASES } from '../../shared/contracts/phrases.js';
import { MARKS_TEXT } from '../../shared/speech-marks.js';

const doc = (): BackupInput => ({
  format: 'parrot-phrases-export',
  version: 1,
  exported_at: '2025-01-31T12:00:00.000Z',
  languages: [{ id: 'es', name: 'Spanish', flag_url: '/media/assets/flags/es.svg' }],
  levels: [{ id: 'a1', language_id: 'es', title: 'Beginner', cefr_label: 'A1' }],
  lessons: [{ id: 'hola', language_id: 'es', level_id: 'a1', title: 'Hello', translated_title: 'Hola' }],
  phrases: [
    {
      id: '01A',
      language_id: 'es',
      level_id: 'a1',
      lesson_id: 'hola',
      original_text: 'Hola',
      translated_text: 'Hello',
      audio_url: '/media/content/audio/1.mp3',
    },
  ],
  posts: [{ id: '01P', slug: 'qué-tal', title: '¿Qué tal?', content: 'Hi', published: true, lesson_path: 'es/a1/hola' }],
  settings: { about_title: 'About' },
});
const problems = (input: unknown) => {
  const r = backupDocumentSchema.safeParse(input);
  return r.success ? {} : backupProblems(r.error);
};

describe('backup document', () => {
  it('takes a well-formed course, with the defaults of the resources’ own schemas', () => {
    const parsed = backupDocumentSchema.parse(doc());
    expect(parsed.levels[0]).toMatchObject({ icon_url: '', order_index: null, is_locked: false });
    expect(problems(doc())).toEqual({});
  });

  it('takes a phrase stored without audio (what an export of such a course holds), never one with a bad URL', () => {
    const silent = doc();
    silent.phrases.push({ ...silent.phrases[0], id: '01B', audio_url: '' });
    expect(problems(silent)).toEqual({});
    silent.phrases[1].audio_url = 'javascript:alert(1)';
    expect(problems(silent)).toEqual({ 'phrases[1].audio_url': 'Please enter a valid URL for the audio file' });
  });

  it("holds a phrase's 'How to say it' to the form's rules, and imports it", () => {
    const marked = doc();
    marked.phrases[0].speech_text = '{slow}Hola';
    expect(problems(marked)).toEqual({ 'phrases[0].speech_text': MARKS_TEXT.notClosed('slow') });
    marked.phrases[0].speech_text = '{slow}Hola{/slow}';
    expect(problems(marked)).toEqual({});
    const phrase = desiredItems(backupDocumentSchema.parse(marked), new Map(), 'me').find((i) => i.entity === 'phrase');
    expect(phrase).toMatchObject({ speech_text: '{slow}Hola{/slow}' });
  });

  it('lists every problem at once, schema and references alike, each with its path', () => {
    const bad = doc() as any;
    bad.version = 2;
    bad.languages[0].flag_url = 'javascript:alert(1)';
    bad.levels.push({ id: 'b1', language_id: 'fr', title: 'x', cefr_label: 'B1' });
    bad.lessons.push({ ...bad.lessons[0] });
    bad.phrases[0].lesson_id = 'adios';
    bad.posts.push({ ...bad.posts[0], id: '01Q', lesson_path: 'es/a1/nope' });
    bad.settings.banner_bg_color = 'url(evil)';
    expect(problems(bad)).toEqual({
      version: expect.stringContaining('version 1'),
      'languages[0].flag_url': 'Please enter a valid URL for the flag image',
      'levels[1].title': 'Title must be at least 2 characters',
      'levels[1].language_id': 'Language "fr" is not in the file',
      'lessons[1].id': 'Lesson "es/a1/hola" appears twice (also lessons[0])',
      'phrases[0].lesson_id': 'Lesson "es/a1/adios" is not in the file',
      'posts[1].slug': 'The slug "qué-tal" appears twice (also posts[0])',
      'posts[1].lesson_path': 'Lesson "es/a1/nope" is not in the file',
      'settings.banner_bg_color': 'Please enter a valid colour',
    });
  });

  it('checks references even when entries are of the wrong shape, and never throws on any input', () => {
    expect(problems({ ...doc(), levels: [null, 3, { id: 'a1', language_id: 'xx' }] })).toMatchObject({
      'levels[0]': expect.any(String),
      'levels[2].language_id': 'Language "xx" is not in the file',
    });
    for (const input of [undefined, null, [], 'x', 42, { languages: 'q' }, { ...doc(), phrases: [{}] }]) expect(() => problems(input)).not.toThrow();
    expect(Object.keys(problems(undefined))).toEqual(['file']);
  });

  it('holds the API’s limits: lessons per level, phrases per audio group', () => {
    const many = doc();
    many.lessons = Array.from({ length: MAX_LESSONS_PER_LEVEL + 1 }, (_, i) => ({
      id: `l${i}`,
      language_id: 'es',
      level_id: 'a1',
      title: `Lesson ${i}`,
      translated_title: 'Tr',
    }));
    expect(problems(many)[`lessons[${MAX_LESSONS_PER_LEVEL}].level_id`]).toMatch(/at most 100 lessons/);
    const group = doc();
    group.phrases = Array.from({ length: MAX_GROUP_PHRASES + 1 }, (_, i) => ({ ...doc().phrases[0], id: `01A${i}` }));
    expect(problems(group)[`phrases[${MAX_GROUP_PHRASES}].audio_url`]).toMatch(/at most 45 phrases/);
  });

  it('caps a long list of problems and says how many more there are', () => {
    const r = problems({ ...doc(), phrases: Array.from({ length: 300 }, () => ({})) });
    expect(Object.keys(r).length).toBeLessThanOrEqual(MAX_LISTED_PROBLEMS + 1);
    expect(r.more).toMatch(/^\d+ more problems are not listed$/);
  });

  it('names a place as a person reads it', () => {
    expect(pathText(['levels', 3, 'language_id'])).toBe('levels[3].language_id');
    expect(pathText([])).toBe('file');
  });
});

describe('import plan', () => {
  const now = '2025-02-01T00:00:00.000Z';
  const items = (current = new Map()) => desiredItems(backupDocumentSchema.parse(doc()), current, 'sub-1', now);
  const keyed = (list: Record<string, unknown>[]) => new Map(list.map((i) => [`${String(i.PK)}\u0000${String(i.SK)}`, i]));

  it('writes the items as the data layer does: keys, list attributes, slug guard, defaults', () => {
    const list = items();
    expect(list.map((i) => `${String(i.PK)} ${String(i.SK)}`)).toEqual([
      'LANG#es META',
      'LANG#es LEVEL#a1',
      'LANG#es LESSON#a1#hola',
      'LANG#es PHRASE#a1#hola#01A',
      'BLOG#01P POST',
      'SLUG#qué-tal SLUG',
      'SETTINGS site_settings',
    ]);
    expect(list[0]).toMatchObject({ GSI1PK: 'LANGUAGES', GSI1SK: 'es', entity: 'language', version: 1, created_at: now });
    expect(list[4]).toMatchObject({ GSI1PK: 'BLOG#PUBLISHED', author_name: 'Admin', author_id: 'sub-1', lesson_id: 'hola', featured_image: null });
    expect(list[5]).toMatchObject({ post_id: '01P', entity: 'blog_slug' });
  });

  it('creates what is missing, leaves what matches, and makes nothing of a second pass', () => {
    const first = diff(items(), new Map());
    expect(first.writes.every((w) => w.action === 'create' && w.tx.Put?.ConditionExpression === 'attribute_not_exists(PK)')).toBe(true);
    expect(first.changes.phrases).toEqual({ create: 1, update: 0, delete: 0, unchanged: 0 });
    const stored = keyed(items());
    expect(diff(items(stored), stored).writes).toEqual([]);
  });

  it('updates on the version read, to a newer one, and deletes the rest last, children first', () => {
    const stored = keyed(items());
    const level = stored.get('LANG#es\u0000LEVEL#a1')!;
    stored.set('LANG#es\u0000LEVEL#a1', { ...level, title: 'Old title', version: 7 });
    for (const extra of [
      { PK: 'LANG#es', SK: 'LESSON#a1#gone', entity: 'lesson', version: 2 },
      { PK: 'LANG#es', SK: 'PHRASE#a1#gone#01Z', entity: 'phrase', version: 1 },
      { PK: 'LANG#fr', SK: 'META', entity: 'language', version: 1 },
    ]) {
      stored.set(`${extra.PK}\u0000${extra.SK}`, extra);
    }
    const { writes, changes } = diff(items(stored), stored);
    expect(writes.map((w) => [w.action, w.kind])).toEqual([
      ['update', 'levels'],
      ['delete', 'phrases'],
      ['delete', 'lessons'],
      ['delete', 'languages'],
    ]);
    expect(writes[0].tx.Put).toMatchObject({ Item: { title: 'Beginner', version: 8 }, ExpressionAttributeValues: { ':v': 7 } });
    expect(writes[1].tx.Delete).toMatchObject({ Key: { PK: 'LANG#es', SK: 'PHRASE#a1#gone#01Z' }, ExpressionAttributeValues: { ':v': 1 } });
    expect(changes.lessons).toEqual({ create: 0, update: 0, delete: 1, unchanged: 1 });
  });

  it("writes a language's voices and pronunciations as ./speech.ts does; a file without them keeps the stored ones", () => {
    const speech = { language_id: 'es', voice: 'Sergio', voice_b: '', version: 3 };
    const lexicon = { language_id: 'es', entries: [{ word: 'Pedro', kind: 'alias', say: 'Peh dro' }] };
    const withSpeech = desiredItems(backupDocumentSchema.parse({ ...doc(), voices: [speech], pronunciations: [lexicon] }), new Map(), 'sub-1', now);
    expect(withSpeech.filter((i) => i.entity === 'speech' || i.entity === 'lexicon')).toEqual([
      { PK: 'LANG#es', SK: 'SPEECH', entity: 'speech', ...speech, created_at: now, updated_at: now },
      { PK: 'LANG#es', SK: 'LEXICON', entity: 'lexicon', ...lexicon, version: 1, created_at: now, updated_at: now },
    ]);
    const stored = keyed(withSpeech);
    // An earlier export: its languages' voices and pronunciations are left as they are.
    const earlier = diff(items(stored), stored);
    expect(earlier.changes.voices).toEqual({ create: 0, update: 0, delete: 0, unchanged: 1 });
    expect(earlier.changes.pronunciations).toEqual({ create: 0, update: 0, delete: 0, unchanged: 1 });
    // A file that has them, without this language's: its voices go (the default again).
    const none = diff(desiredItems(backupDocumentSchema.parse({ ...doc(), voices: [], pronunciations: [] }), stored, 'sub-1', now), stored);
    expect(none.writes.filter((w) => w.action === 'delete').map((w) => w.kind)).toEqual(['voices', 'pronunciations']);
  });

  it('checks voices and pronunciations as their screens do, one entry per language of the file', () => {
    const bad = {
      ...doc(),
      voices: [
        { language_id: 'es', voice: 'Sergio<b>' },
        { language_id: 'es', voice: 'Lucia' },
        { language_id: 'xx', voice: 'Lucia' },
      ],
      pronunciations: [
        {
          language_id: 'es',
          entries: [
            { word: 'Pedro', kind: 'alias', say: 'a' },
            { word: 'pedro', kind: 'alias', say: 'b' },
          ],
        },
      ],
    };
    expect(problems(bad)).toEqual({
      'voices[0].voice': 'Please choose one of the voices listed for this language',
      'voices[1].language_id': 'Language "es" appears twice (also voices[0])',
      'voices[2].language_id': 'Language "xx" is not in the file',
      'pronunciations[0].entries[1].word': 'This word is already listed',
    });
  });

  it('keeps a draft a draft, and adds no flag to what is public', () => {
    const drafted = { ...doc(), lessons: [{ ...doc().lessons[0], is_draft: true }] };
    const list = desiredItems(backupDocumentSchema.parse(drafted), new Map(), 'sub-1', now);
    expect(list.find((i) => i.entity === 'lesson')).toMatchObject({ is_draft: true });
    expect(items().find((i) => i.entity === 'lesson')).not.toHaveProperty('is_draft');
  });

  it('compares content, not versions', () => {
    expect(sameItem({ a: 1, version: 1 }, { a: 1, version: 9 })).toBe(true);
    expect(sameItem({ a: 1 }, { a: 1, b: null })).toBe(false);
  });

  it('groups writes into transactions of at most 100 items and 3.5 MB, in order', () => {
    const w = (bytes: number): PlannedWrite => ({ kind: 'phrases', action: 'create', tx: {}, bytes });
    expect(chunk(Array.from({ length: 250 }, () => w(100))).map((c) => c.length)).toEqual([100, 100, 50]);
    const big = chunk([w(MAX_TX_BYTES / 2), w(MAX_TX_BYTES / 2), w(1)]);
    expect(big.map((c) => c.length)).toEqual([2, 1]);
    expect(chunk([])).toEqual([]);
  });
});
