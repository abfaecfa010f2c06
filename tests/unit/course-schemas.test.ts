/** The shared course schemas: the forms' texts, row dropping, filters, upload checks. */
import { describe, expect, it } from 'vitest';
import { courseFilterSchema, fieldErrors } from '../../shared/contracts/common.js';
import { lessonCreateSchema } from '../../shared/contracts/lessons.js';
import { levelCreateSchema } from '../../shared/contracts/levels.js';
import { checkUpload, ttsSchema, uploadRequestSchema } from '../../shared/contracts/media.js';
import { phraseGroupUpdateSchema, phrasesCreateSchema } from '../../shared/contracts/phrases.js';
import type * as z from 'zod';

const errors = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('level and lesson schemas', () => {
  it('accept a valid level, defaulting the icon to empty', () => {
    expect(levelCreateSchema.parse({ id: 'a1', language_id: 'es', title: ' Beginner ', cefr_label: 'A1' })).toEqual({
      id: 'a1',
      language_id: 'es',
      title: 'Beginner',
      cefr_label: 'A1',
      icon_url: '',
    });
  });

  it('accept absolute http(s) icons and site media paths, nothing else', () => {
    const ok = (icon_url: string) => levelCreateSchema.safeParse({ id: 'a1', language_id: 'es', title: 'Ab', cefr_label: 'A1', icon_url }).success;
    expect(ok('https://example.com/i.png')).toBe(true);
    expect(ok('/media/content/icons/level/1_a.png')).toBe(true);
    expect(ok('')).toBe(true);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(ok('/etc/passwd')).toBe(false);
  });

  it("report the spec's texts for missing fields", () => {
    expect(errors(lessonCreateSchema, {})).toEqual({
      id: 'Lesson ID is required',
      language_id: 'Language is required',
      level_id: 'Level is required',
      title: 'Title must be at least 2 characters',
      translated_title: 'Translated title must be at least 2 characters',
    });
    expect(errors(levelCreateSchema, { id: 'A1', language_id: 'es', title: 'Ab', cefr_label: '' })).toEqual({
      id: 'ID must contain only lowercase letters, numbers, and hyphens',
      cefr_label: 'CEFR label is required',
    });
  });
});

describe('phrase schemas', () => {
  const base = { language_id: 'es', level_id: 'a1', lesson_id: 'cafe', audio_url: '/media/content/audio/1_a.mp3' };

  it('drop rows whose original or translation is blank after trimming', () => {
    const r = phrasesCreateSchema.parse({
      ...base,
      phrases: [
        { original_text: ' Hola ', translated_text: ' Hello ' },
        { original_text: 'Solo', translated_text: '   ' },
        { original_text: '', translated_text: 'Only' },
      ],
    });
    expect(r.phrases).toEqual([{ original_text: 'Hola', translated_text: 'Hello' }]);
  });

  it('need at least one kept row, and a valid audio URL', () => {
    expect(errors(phrasesCreateSchema, { ...base, phrases: [{ original_text: ' ', translated_text: ' ' }] })).toEqual({
      phrases: 'At least one phrase with translation is required',
    });
    expect(errors(phrasesCreateSchema, { ...base, audio_url: 'audio.mp3', phrases: [{ original_text: 'a', translated_text: 'b' }] })).toEqual({
      audio_url: 'Please enter a valid URL for the audio file',
    });
    expect(errors(phraseGroupUpdateSchema, { ...base, old_audio_url: '', old_phrases: [] })).toEqual({
      phrases: 'At least one phrase with translation is required',
    });
  });

  it("treat empty filters and the text 'undefined' as no filter", () => {
    expect(courseFilterSchema.parse({ language_id: 'undefined', level_id: '', lesson_id: ' x ' })).toEqual({
      language_id: undefined,
      level_id: undefined,
      lesson_id: 'x',
    });
  });
});

describe('media schemas', () => {
  it('check files with the same texts as the server', () => {
    expect(checkUpload('audio', { type: 'image/png', size: 1 })).toBe('Please select an audio file');
    expect(checkUpload('level-icon', { type: 'audio/mpeg', size: 1 })).toBe('Please select an image file');
    expect(checkUpload('lesson-icon', { type: 'image/png', size: 2 * 1024 * 1024 })).toBe('Image size should be less than 2MB');
    expect(checkUpload('lesson-icon', { type: 'image/png', size: 2 * 1024 * 1024 - 1 })).toBeUndefined();
    expect(checkUpload('audio', { type: 'audio/wav', size: 5 * 1024 * 1024 })).toBeUndefined();
  });

  it('refuse content types that are not a plain MIME type', () => {
    const r = uploadRequestSchema.safeParse({ kind: 'blog-image', filename: 'a.png', content_type: 'image/png\r\nX: y', size: 1 });
    expect(r.success).toBe(false);
  });

  it('need text for speech, trimmed, language defaulting to en, said by voice A unless B is asked', () => {
    expect(errors(ttsSchema, { text: ' \n ' })).toEqual({ text: 'Please enter at least one phrase to generate audio' });
    expect(ttsSchema.parse({ text: ' Hola ' })).toEqual({ text: 'Hola', language: 'en', speaker: 'a' });
    expect(ttsSchema.parse({ text: 'Hola', speaker: 'b' })).toMatchObject({ speaker: 'b' });
  });
});
