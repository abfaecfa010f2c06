/** /api/media: presigned POST uploads and text-to-speech into the content bucket. */
import { spend } from '../data/limits.js';
import { json, requireCaller, router } from '../lib/http.js';
import { presignUpload } from '../lib/uploads.js';
import { speakToMedia } from '../services/speech.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../services/audit.js';

export const handler = router(
  {
    'POST /api/media/uploads': async ({ body: r, audit }) => {
      const upload = await presignUpload(r.kind, r.filename, r.content_type);
      // Never the signed form fields: only what was asked for and where it will be.
      audit({ id: upload.public_url, after: { kind: r.kind, filename: r.filename, content_type: r.content_type } });
      return json(201, upload);
    },

    /** Synthesises MP3 (Polly in AWS, the offline engine locally) and stores it; engine faults are 502. */
    'POST /api/media/tts': async ({ body: { text, language }, caller, audit }) => {
      await spend('tts', requireCaller(caller).sub);
      const { audio_url } = await speakToMedia(text, language);
      audit({ id: audio_url, after: { text, language } });
      return json(201, { audio_url });
    },
  },
  { currentGroups, audit: recordAudit },
);
