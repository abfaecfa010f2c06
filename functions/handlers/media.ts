/** /api/media: presigned POST uploads and text-to-speech into the content bucket. */
import { randomUUID } from 'node:crypto';
import { HttpError, json, parse, router } from '../lib/http.js';
import { putMedia, safeFileName } from '../lib/media.js';
import { getSpeechEngine } from '../lib/speech/index.js';
import { presignUpload } from '../lib/uploads.js';
import { ttsSchema, uploadRequestSchema } from '../shared/course-schemas.js';
import { confirmAdmin } from '../lib/admins.js';

export const handler = router({
  'POST /api/media/uploads': async ({ body }) => {
    const r = parse(uploadRequestSchema, body);
    return json(201, await presignUpload(r.kind, r.filename, r.content_type));
  },

  /** Synthesises MP3 (Polly in AWS, the offline engine locally) and stores it; engine faults are 502. */
  'POST /api/media/tts': async ({ body }) => {
    const { text, language } = parse(ttsSchema, body);
    let mp3: Buffer;
    try {
      mp3 = await getSpeechEngine().synthesize(text, language);
    } catch (e) {
      console.error(JSON.stringify({ level: 'ERROR', msg: 'speech synthesis failed', error: String(e) }));
      throw new HttpError(502, (e as Error).message || 'The text-to-speech service failed');
    }
    // The millisecond alone is not unique: concurrent requests would overwrite each other's file.
    const key = `audio/${Date.now()}_${randomUUID().slice(0, 8)}_tts_${safeFileName(language) || 'en'}.mp3`;
    return json(201, { audio_url: await putMedia('content', key, mp3, 'audio/mpeg') });
  },
}, { confirmAdmin });
