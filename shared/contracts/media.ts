/**
 * The media resource: uploads (a presigned POST per file, its type and size rules, the same texts in
 * the forms and on the server) and text-to-speech. Pure zod: the SPA imports it too.
 */
import * as z from 'zod';
import { markedTextSchema, speakerSchema } from './speech.js';
import { MAX_GROUP_PHRASES } from './phrases.js';
import { MARK_LIMITS, POLLY_TEXT } from '../speech-marks.js';

/** What a file is for: it decides where it is stored, and the types and size it may have. */
export const UPLOAD_KINDS = ['audio', 'level-icon', 'lesson-icon', 'blog-image', 'settings-app', 'settings-hero', 'settings-logo', 'settings-favicon'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;
/**
 * Image formats accepted for upload: ones browsers show and that cannot carry script (no SVG, which
 * is a document that can). A favicon may also be an ICO.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const FAVICON_TYPES = [...IMAGE_TYPES, 'image/x-icon', 'image/vnd.microsoft.icon'] as const;
const IMAGE_TYPE_TEXT = 'Please select a PNG, JPEG, WebP or GIF image';

type UploadRule = {
  /** Accepted MIME prefix, and its message. */
  mime: 'audio/' | 'image/';
  mimeText: string;
  maxBytes: number;
  sizeText: string;
} & (
  | { types?: undefined; typeText?: undefined }
  /** Exact types accepted within the prefix, and the message for others (images only). */
  | { types: readonly string[]; typeText: string }
);
const image = (maxMb: number, types: readonly string[] = IMAGE_TYPES): UploadRule => ({
  mime: 'image/',
  mimeText: 'Please select an image file',
  types,
  typeText: IMAGE_TYPE_TEXT,
  maxBytes: maxMb * MB,
  sizeText: `Image size should be less than ${maxMb}MB`,
});
/** Per kind: accepted types, their messages, and the size cap (icons under 2 MB, a product rule; the others our own caps). */
export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  audio: { mime: 'audio/', mimeText: 'Please select an audio file', maxBytes: 20 * MB, sizeText: 'Audio file size should be less than 20MB' },
  'level-icon': image(2),
  'lesson-icon': image(2),
  'blog-image': image(10),
  'settings-app': image(10),
  'settings-hero': image(10),
  'settings-logo': image(10),
  'settings-favicon': image(10, FAVICON_TYPES),
};
/** The file picker's `accept` for a kind. */
export const acceptOf = (kind: UploadKind) => UPLOAD_RULES[kind].types?.join(',') ?? `${UPLOAD_RULES[kind].mime}*`;

/** The type and size problem of a file for a kind (same texts in the forms and on the server), if any. */
function uploadProblem(kind: UploadKind, type: string, size: number): { field: 'content_type' | 'size'; message: string } | undefined {
  const rule = UPLOAD_RULES[kind];
  const t = type.toLowerCase();
  if (!t.startsWith(rule.mime) || !/^[\w.+-]+\/[\w.+-]+$/.test(t)) return { field: 'content_type', message: rule.mimeText };
  if (rule.types && !rule.types.includes(t)) return { field: 'content_type', message: rule.typeText };
  if (size >= rule.maxBytes) return { field: 'size', message: rule.sizeText };
  return undefined;
}

/** The checks a form runs on a chosen file before asking for an upload (same texts as the server). */
export function checkUpload(kind: UploadKind, file: { type: string; size: number }): string | undefined {
  return uploadProblem(kind, file.type, file.size)?.message;
}

export const uploadRequestSchema = z
  .object({
    kind: z.enum(UPLOAD_KINDS, { error: 'Unknown upload kind' }),
    filename: z.string({ error: 'No file provided' }).trim().min(1, 'No file provided').max(200),
    content_type: z.string().trim().toLowerCase().max(100).default(''),
    size: z.number({ error: 'No file provided' }).int().min(1, 'No file provided'),
  })
  .superRefine((v, ctx) => {
    const problem = uploadProblem(v.kind, v.content_type, v.size);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type UploadRequest = z.input<typeof uploadRequestSchema>;

/** POST /api/media/uploads answer: POST `fields` + the file (last) as multipart form data to `url`. */
export const presignedUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** Where the object will be served once uploaded. */
  public_url: z.string(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

export const TTS_MAX_CHARS = POLLY_TEXT.billed;
export const ttsSchema = z.object({
  /** A group's text as marked text (shared/phrase-groups.ts markedSpeechText): each phrase's marks become SSML. */
  text: markedTextSchema(
    { empty: 'Please enter at least one phrase to generate audio', tooLong: `Text is too long to generate audio (at most ${TTS_MAX_CHARS} characters)` },
    TTS_MAX_CHARS,
    MARK_LIMITS.marks * MAX_GROUP_PHRASES,
  ),
  language: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9_-]*$/, 'Unknown language')
    .default('en')
    .transform((v) => v || 'en'),
  /** Voice A (the language's) or B (a dialogue's second voice): docs/back-office.md "Voices". */
  speaker: speakerSchema.default('a'),
});
export type TtsRequest = z.input<typeof ttsSchema>;
/** POST /api/media/tts answer: where the generated MP3 is served. */
export const speechSchema = z.object({ audio_url: z.string() });
