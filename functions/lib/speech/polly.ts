/** Production speech engine: Amazon Polly, MP3 output, the chosen voice, SSML marks and the language's lexicon. */
import type { Engine, VoiceId } from '@aws-sdk/client-polly';
import { defaultVoice, findVoice } from '../../../shared/voices.js';
import { polly } from '../clients.js';
import type { EngineInput } from './input.js';
import type { LanguageId } from './languages.js';
import { compileSsml, type Ssml } from './ssml.js';

/**
 * The one voice resolution of Polly calls (synthesis here, speech marks in ./marks.ts): the chosen
 * voice if it is one of the language's (shared/voices.ts), else the language's default, with the
 * engine the table gives it (neural where Polly has it; Russian is standard only).
 */
export function pollyVoice(input: { language: LanguageId; voice?: string }): { VoiceId: VoiceId; Engine: Engine } {
  const voice = findVoice(input.language, input.voice) ?? defaultVoice(input.language);
  return { VoiceId: voice.id as VoiceId, Engine: voice.engine };
}

/** The SSML Polly reads for an input with marks, in its voice's engine (the same for the audio and its speech marks); none without marks. */
export function ssmlOf(input: Pick<EngineInput, 'language' | 'voice' | 'marks'>): Ssml | undefined {
  return input.marks?.length ? compileSsml(input.marks, pollyVoice(input).Engine) : undefined;
}

export async function pollySynthesize(input: EngineInput): Promise<Buffer> {
  const { VoiceId, Engine } = pollyVoice(input);
  const ssml = ssmlOf(input)?.ssml;
  const { SynthesizeSpeechCommand } = await import('@aws-sdk/client-polly');
  const out = await (
    await polly()
  ).send(
    new SynthesizeSpeechCommand({
      Text: ssml ?? input.text,
      ...(ssml ? { TextType: 'ssml' as const } : {}),
      ...(input.lexicons?.length ? { LexiconNames: input.lexicons.map((l) => l.name) } : {}),
      OutputFormat: 'mp3',
      VoiceId,
      Engine,
    }),
  );
  const bytes = await out.AudioStream?.transformToByteArray();
  if (!bytes?.length) throw new Error(`Polly returned no audio (voice ${VoiceId})`);
  return Buffer.from(bytes);
}
