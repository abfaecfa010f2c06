/** /api/media: presigned POST uploads and text-to-speech into the content bucket. */
import { createHash } from 'node:crypto';
import { spend } from '../data/limits.js';
import { json, parse, requireCaller, router } from '../lib/http.js';
import { upstream } from '../lib/errors.js';
import { putMedia } from '../lib/media.js';
import { config } from '../lib/config.js';
import { getSpeechEngine, normalizeLanguage } from '../lib/speech/index.js';
import { presignUpload } from '../lib/uploads.js';
import { ttsSchema, uploadRequestSchema } from '../shared/contracts/media.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../lib/audit.js';
import { logger } from '../lib/powertools.js';

export const handler = router(
  {
    'POST /api/media/uploads': async ({ body, audit }) => {
      const r = parse(uploadRequestSchema, body);
      const upload = await presignUpload(r.kind, r.filename, r.content_type);
      // Never the signed form fields: only what was asked for and where it will be.
      audit({ id: upload.public_url, after: { kind: r.kind, filename: r.filename, content_type: r.content_type } });
      return json(201, upload);
    },

    /** Synthesises MP3 (Polly in AWS, the offline engine locally) and stores it; engine faults are 502. */
    'POST /api/media/tts': async ({ body, caller, audit }) => {
      const { text, language } = parse(ttsSchema, body);
      await spend('tts', requireCaller(caller).sub);
      let mp3: Buffer;
      try {
        mp3 = await getSpeechEngine().synthesize(text, language);
      } catch (e) {
        logger.error('speech synthesis failed', { error: e as Error });
        throw upstream((e as Error).message || 'The text-to-speech service failed');
      }
      // Content-addressed: the same text and voice always give the same file (shared, never clashing).
      // The voice is the engine's for the language, so engine + language + text name the sound.
      const voice = `${config.speechEngine}:${normalizeLanguage(language)}`;
      const hash = createHash('sha256')
        .update(JSON.stringify([voice, text]))
        .digest('base64url')
        .slice(0, 32);
      const key = `audio/tts_${normalizeLanguage(language)}_${hash}.mp3`;
      const audio_url = await putMedia('content', key, mp3, 'audio/mpeg');
      audit({ id: audio_url, after: { text, language } });
      return json(201, { audio_url });
    },
  },
  { currentGroups, audit: recordAudit },
);
