/**
 * A language's speech settings: its voices (`LANG#{lang}` / `SPEECH`) and its pronunciations
 * (`LEXICON`), beside its META, so they go with the language into the Trash and the backup, and
 * every function that reads the course can read how it is spoken. Two items, each versioned (a
 * stale save is a 409), so choosing a voice and editing pronunciations never clash.
 */
import { conflict } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import type { Pronunciation } from '../../shared/pronunciations.js';
import { getRaw, IS_NEW, newItem, putItem, updateItem, type Raw } from './table.js';

/** What is stored: the chosen voices ('' = the language's default for A, none for B) and the pronunciations; version 0 = never saved. */
export interface StoredSpeech {
  voice: string;
  voice_b: string;
  version: number;
  lexicon: Pronunciation[];
  lexicon_version: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const versionOf = (item: Raw | undefined) => (typeof item?.version === 'number' ? item.version : 0);
const entriesOf = (item: Raw | undefined): Pronunciation[] =>
  (Array.isArray(item?.entries) ? (item.entries as Raw[]) : []).map((e) => ({
    word: text(e.word),
    kind: e.kind === 'ipa' ? 'ipa' : 'alias',
    say: text(e.say),
  }));

export async function getSpeech(languageId: string): Promise<StoredSpeech> {
  const [voices, lexicon] = await Promise.all([getRaw(keys.speech(languageId)), getRaw(keys.lexicon(languageId))]);
  return {
    voice: text(voices?.voice),
    voice_b: text(voices?.voice_b),
    version: versionOf(voices),
    lexicon: entriesOf(lexicon),
    lexicon_version: versionOf(lexicon),
  };
}

/** Writes `data` at `key` if the stored version is still `version` (0: none stored yet), else 409. */
async function saveVersioned(key: Key, entity: string, data: Raw, version: number): Promise<void> {
  if (version === 0) return putItem(newItem(key, entity, data), IS_NEW, () => conflict());
  if (!(await updateItem(key, version, data))) throw conflict();
}

export const saveVoices = (languageId: string, voices: { voice: string; voice_b: string }, version: number) =>
  saveVersioned(keys.speech(languageId), 'speech', { language_id: languageId, ...voices }, version);

export const saveLexicon = (languageId: string, entries: Pronunciation[], version: number) =>
  saveVersioned(keys.lexicon(languageId), 'lexicon', { language_id: languageId, entries }, version);
