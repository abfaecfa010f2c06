/**
 * The pure parts of the admin forms: a contract's zod issues become one message per field, the
 * field's first, in the contract's own words (admin/components/formErrors.ts); the blog post form's
 * values become the post it sends (admin/blog/postDraft.ts).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { levelCreateSchema } from '@shared/contracts/levels';
import { editorGrantSchema } from '@shared/contracts/users';
import { firstIssues, messageOf, parseForm } from '../../../frontend/src/admin/components/formErrors';
import { draftFromForm, EMPTY_POST, lessonPathOf, postValues } from '../../../frontend/src/admin/blog/postDraft';
import { pickFromPost } from '../../../frontend/src/admin/blog/SampleSelects';

describe('firstIssues', () => {
  it('keeps the first issue of each field', () => {
    const schema = z.object({
      id: z
        .string()
        .min(1, 'ID is required')
        .regex(/^[a-z]+$/, 'Lowercase only'),
      title: z.string().min(2, 'Too short'),
    });
    const r = schema.safeParse({ id: '', title: 'x' });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssues(r.error)).toEqual({ id: 'ID is required', title: 'Too short' });
  });

  it("files an issue deep in a list under the list's field and its own path, and one about the whole object under '_'", () => {
    const schema = z.object({ languages: z.array(z.string().min(1, 'Empty language')) }).refine((v) => v.languages.length < 3, { message: 'Too many' });
    const deep = schema.safeParse({ languages: ['es', ''] });
    if (!deep.success) expect(firstIssues(deep.error)).toEqual({ languages: 'Empty language', 'languages.1': 'Empty language' });
    const whole = schema.safeParse({ languages: ['a', 'b', 'c'] });
    if (!whole.success) expect(firstIssues(whole.error)).toEqual({ _: 'Too many' });
    expect(deep.success || whole.success).toBe(false);
  });
});

describe('parseForm', () => {
  it("answers the contract's texts for an empty Add Level form", () => {
    const r = parseForm(levelCreateSchema, { id: '', language_id: '', title: '', cefr_label: '', icon_url: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.id).toBe('Level ID is required');
      expect(r.errors.language_id).toBe('Language is required');
      expect(r.errors.title).toBe('Title must be at least 2 characters');
      expect(r.errors.cefr_label).toBe('CEFR label is required');
      expect(r.errors.icon_url).toBeUndefined();
    }
  });

  it('answers the parsed (transformed) data when the values are valid', () => {
    expect(parseForm(editorGrantSchema, { languages: ['fr', 'es', 'fr'], publish_posts: false })).toEqual({
      ok: true,
      data: { languages: ['es', 'fr'], publish_posts: false, reviews: [] },
    });
    expect(parseForm(editorGrantSchema, { languages: [], publish_posts: true })).toEqual({ ok: false, errors: { languages: 'Choose at least one language' } });
  });
});

describe('messageOf', () => {
  it('shows no message (not an empty one) for a cleared field', () => {
    expect(messageOf({ title: '' }, 'title')).toBeUndefined();
    expect(messageOf({ title: undefined }, 'title')).toBeUndefined();
    expect(messageOf({}, 'title')).toBeUndefined();
    expect(messageOf({ title: 'Too short' }, 'title')).toBe('Too short');
  });
});

describe('the blog post form (admin/blog/postDraft.ts)', () => {
  const sample = { language_id: 'spanish', level_id: 'beginner', lesson_id: 'greetings', phrase_audio_url: '/media/a.mp3' };
  const values = { title: '  Hello  ', content: ' Body \n', excerpt: ' Short ', published: true, sample_title: '  ' };

  it('sends the texts trimmed (not the content), the lesson as a path and an empty sample title as null', () => {
    expect(draftFromForm(values, sample, null)).toEqual({
      title: 'Hello',
      content: ' Body \n',
      excerpt: 'Short',
      featured_image: null,
      published: true,
      lesson_path: 'spanish/beginner/greetings',
      phrase_audio_url: '/media/a.mp3',
      sample_title: null,
    });
  });

  it('sends no sample without a lesson, and pickFromPost reads the path back', () => {
    expect(lessonPathOf({ ...sample, lesson_id: '' })).toBeNull();
    expect(draftFromForm(values, { ...sample, lesson_id: '' }, '/media/i.png')).toMatchObject({
      lesson_path: null,
      phrase_audio_url: null,
      featured_image: '/media/i.png',
    });
    expect(pickFromPost({ lesson_path: lessonPathOf(sample), phrase_audio_url: sample.phrase_audio_url })).toEqual(sample);
  });

  it('fills the form from a stored post, and starts empty for a new one', () => {
    expect(postValues(undefined)).toEqual(EMPTY_POST);
  });
});
