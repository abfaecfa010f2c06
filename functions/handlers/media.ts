/** /api/media: presigned POST uploads and text-to-speech into the content bucket; /api/speech: a language's voices. */
import { spend } from '../data/limits.js';
import { json, requireCaller, router } from '../lib/http.js';
import { presignUpload } from '../lib/uploads.js';
import { getLanguage } from '../data/languages.js';
import { notFound } from '../lib/errors.js';
import { sampleToMedia, speakToMedia } from '../services/speech.js';
import { lexiconView, saveLexiconEntries } from '../services/pronunciations.js';
import { regenerate, saveSpeechVoices, speechSettings } from '../services/voice-change.js';
import { LANGUAGE_MISSING } from '../../shared/contracts/languages.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../services/audit.js';

/** The language a speech route names, if it exists (404 otherwise). */
async function existing(languageId: string): Promise<string> {
  if (!(await getLanguage(languageId))) throw notFound(LANGUAGE_MISSING);
  return languageId;
}

export const handler = router(
  {
    'POST /api/media/uploads': async ({ body: r, audit }) => {
      const upload = await presignUpload(r.kind, r.filename, r.content_type);
      // Never the signed form fields: only what was asked for and where it will be.
      audit({ id: upload.public_url, after: { kind: r.kind, filename: r.filename, content_type: r.content_type } });
      return json(201, upload);
    },

    /** Synthesises MP3 (Polly in AWS, the offline engine locally) and stores it; engine faults are 502. */
    'POST /api/media/tts': async ({ body: { text, language, speaker }, caller, audit }) => {
      await spend('tts', requireCaller(caller).sub);
      const { audio_url } = await speakToMedia(text, language, speaker);
      audit({ id: audio_url, after: { text, language, speaker } });
      return json(201, { audio_url });
    },

    // A language's voices (docs/back-office.md "Voices").
    'GET /api/speech/{language}': async ({ params }) => speechSettings(await existing(params.language)),
    'PUT /api/speech/{language}': async ({ params, body, audit }) => {
      const saved = await saveSpeechVoices(await existing(params.language), body);
      audit({ id: params.language, after: { voice: saved.voice, voice_b: saved.voice_b } });
      return saved;
    },
    'POST /api/speech/{language}/sample': async ({ params, body, caller }) => {
      await spend('tts', requireCaller(caller).sub);
      return json(201, { audio_url: await sampleToMedia(await existing(params.language), body.voice) });
    },
    'GET /api/speech/{language}/pronunciations': async ({ params }) => lexiconView(await existing(params.language)),
    'PUT /api/speech/{language}/pronunciations': async ({ params, body, audit }) => {
      const saved = await saveLexiconEntries(await existing(params.language), body);
      audit({ id: params.language, after: { entries: saved.entries } });
      return saved;
    },
    'POST /api/speech/{language}/preview': async ({ params, body, caller }) => {
      await spend('tts', requireCaller(caller).sub);
      return json(201, { audio_url: (await speakToMedia(body.text, await existing(params.language), body.speaker)).audio_url });
    },
    'POST /api/speech/{language}/regenerate': async ({ params, caller, audit }) => {
      const result = await regenerate(await existing(params.language), requireCaller(caller).sub);
      audit({ id: params.language, after: result });
      return result;
    },
  },
  { currentGroups, audit: recordAudit },
);
