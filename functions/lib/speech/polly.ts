/** Production speech engine: Amazon Polly, MP3 output. */
import type { Engine, VoiceId } from '@aws-sdk/client-polly';
import { polly } from '../clients.js';
import type { LanguageId } from './languages.js';

/** One neural voice per site language; Polly has no neural Russian voice, so Russian uses standard. */
export const POLLY_VOICES: Record<LanguageId, { voice: VoiceId; engine: Engine }> = {
  es: { voice: 'Lucia', engine: 'neural' },
  fr: { voice: 'Lea', engine: 'neural' },
  it: { voice: 'Bianca', engine: 'neural' },
  de: { voice: 'Vicki', engine: 'neural' },
  ja: { voice: 'Takumi', engine: 'neural' },
  zh: { voice: 'Zhiyu', engine: 'neural' },
  pt: { voice: 'Camila', engine: 'neural' },
  ru: { voice: 'Tatyana', engine: 'standard' },
  en: { voice: 'Joanna', engine: 'neural' },
};

export async function pollySynthesize(text: string, language: LanguageId): Promise<Buffer> {
  const { voice, engine } = POLLY_VOICES[language];
  const { SynthesizeSpeechCommand } = await import('@aws-sdk/client-polly');
  const out = await (await polly()).send(new SynthesizeSpeechCommand({ Text: text, OutputFormat: 'mp3', VoiceId: voice, Engine: engine }));
  const bytes = await out.AudioStream?.transformToByteArray();
  if (!bytes?.length) throw new Error(`Polly returned no audio (voice ${voice})`);
  return Buffer.from(bytes);
}
