/**
 * The Polly voices each site language may be spoken in (docs/back-office.md "Voices"): a static,
 * tested table rather than DescribeVoices at request time, because the list changes a few times a
 * year, the back office must show it offline in the twin, and a voice that is in the table but not
 * in a region fails its 'Listen' sample with a clear 502 before anyone chooses it.
 * Source: https://docs.aws.amazon.com/polly/latest/dg/available-voices.html (neural where the voice
 * has it, else standard; Russian has no neural voice). Shared: the back office lists it too.
 */
export type SpeechLanguage = 'es' | 'fr' | 'it' | 'de' | 'ja' | 'zh' | 'pt' | 'ru' | 'en';

export interface VoiceInfo {
  /** Polly's VoiceId. */
  id: string;
  gender: 'Female' | 'Male';
  /** The engine the voice is used with: neural where Polly has it for this voice. */
  engine: 'neural' | 'standard';
  /** Polly's language code of the voice (a region's variant of the language). */
  locale: string;
}

const v = (id: string, gender: 'F' | 'M', engine: 'n' | 's', locale: string): VoiceInfo => ({
  id,
  gender: gender === 'F' ? 'Female' : 'Male',
  engine: engine === 'n' ? 'neural' : 'standard',
  locale,
});

/** Per language, neural voices first; the first is the default (the one the product used before voices could be chosen). */
export const VOICES: Record<SpeechLanguage, readonly VoiceInfo[]> = {
  es: [
    v('Lucia', 'F', 'n', 'es-ES'),
    v('Sergio', 'M', 'n', 'es-ES'),
    v('Mia', 'F', 'n', 'es-MX'),
    v('Andres', 'M', 'n', 'es-MX'),
    v('Lupe', 'F', 'n', 'es-US'),
    v('Pedro', 'M', 'n', 'es-US'),
    v('Conchita', 'F', 's', 'es-ES'),
    v('Enrique', 'M', 's', 'es-ES'),
  ],
  fr: [
    v('Lea', 'F', 'n', 'fr-FR'),
    v('Remi', 'M', 'n', 'fr-FR'),
    v('Gabrielle', 'F', 'n', 'fr-CA'),
    v('Liam', 'M', 'n', 'fr-CA'),
    v('Celine', 'F', 's', 'fr-FR'),
    v('Mathieu', 'M', 's', 'fr-FR'),
  ],
  it: [v('Bianca', 'F', 'n', 'it-IT'), v('Adriano', 'M', 'n', 'it-IT'), v('Carla', 'F', 's', 'it-IT'), v('Giorgio', 'M', 's', 'it-IT')],
  de: [
    v('Vicki', 'F', 'n', 'de-DE'),
    v('Daniel', 'M', 'n', 'de-DE'),
    v('Hannah', 'F', 'n', 'de-AT'),
    v('Marlene', 'F', 's', 'de-DE'),
    v('Hans', 'M', 's', 'de-DE'),
  ],
  ja: [v('Takumi', 'M', 'n', 'ja-JP'), v('Kazuha', 'F', 'n', 'ja-JP'), v('Tomoko', 'F', 'n', 'ja-JP'), v('Mizuki', 'F', 's', 'ja-JP')],
  zh: [v('Zhiyu', 'F', 'n', 'cmn-CN')],
  pt: [
    v('Camila', 'F', 'n', 'pt-BR'),
    v('Vitoria', 'F', 'n', 'pt-BR'),
    v('Thiago', 'M', 'n', 'pt-BR'),
    v('Ines', 'F', 'n', 'pt-PT'),
    v('Ricardo', 'M', 's', 'pt-BR'),
    v('Cristiano', 'M', 's', 'pt-PT'),
  ],
  ru: [v('Tatyana', 'F', 's', 'ru-RU'), v('Maxim', 'M', 's', 'ru-RU')],
  en: [
    v('Joanna', 'F', 'n', 'en-US'),
    v('Matthew', 'M', 'n', 'en-US'),
    v('Ruth', 'F', 'n', 'en-US'),
    v('Stephen', 'M', 'n', 'en-US'),
    v('Amy', 'F', 'n', 'en-GB'),
    v('Brian', 'M', 'n', 'en-GB'),
  ],
};

/** The sentence each language's 'Listen' sample says (one per language, so a sample is one cached file per voice). */
export const SAMPLE_TEXT: Record<SpeechLanguage, string> = {
  es: 'Hola, ¿cómo estás? Me llamo Ana.',
  fr: 'Bonjour, comment allez-vous ? Je m’appelle Léa.',
  it: 'Ciao, come stai? Mi chiamo Bianca.',
  de: 'Hallo, wie geht es dir? Ich heiße Anna.',
  ja: 'こんにちは、おげんきですか。',
  zh: '你好，你好吗？我叫小雨。',
  pt: 'Olá, tudo bem? Eu me chamo Camila.',
  ru: 'Здравствуйте, как дела? Меня зовут Таня.',
  en: 'Hello, how are you? My name is Anna.',
};

export const voicesOf = (language: SpeechLanguage) => VOICES[language];
/** The voice a language speaks in when none was chosen. */
export const defaultVoice = (language: SpeechLanguage) => VOICES[language][0];
/** The table's entry for `id` in `language`, if it is one of its voices. */
export const findVoice = (language: SpeechLanguage, id: string | undefined) => (id ? VOICES[language].find((x) => x.id === id) : undefined);
