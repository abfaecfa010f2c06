/**
 * A language's speech settings: one item beside its META (`LANG#{lang}` / `SPEECH`), so it goes
 * with the language into the Trash and the backup, and every function that reads the course can
 * read how it is spoken. Versioned like every item (a stale save is a 409).
 */
import { conflict } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { getRaw, IS_NEW, newItem, putItem, updateItem } from './table.js';

/** What is stored: the chosen voices ('' = the language's default for A, none for B); version 0 = never saved. */
export interface StoredSpeech {
  voice: string;
  voice_b: string;
  version: number;
}

export async function getSpeech(languageId: string): Promise<StoredSpeech> {
  const item = await getRaw(keys.speech(languageId));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { voice: text(item?.voice), voice_b: text(item?.voice_b), version: typeof item?.version === 'number' ? item.version : 0 };
}

/** Saves the voices if the stored version is still `version` (0: none stored yet), else 409. */
export async function saveVoices(languageId: string, voices: { voice: string; voice_b: string }, version: number): Promise<StoredSpeech> {
  const key = keys.speech(languageId);
  if (version === 0) {
    await putItem(newItem(key, 'speech', { language_id: languageId, ...voices }), IS_NEW, () => conflict());
    return { ...voices, version: 1 };
  }
  const saved = await updateItem(key, version, voices);
  if (!saved) throw conflict();
  return { ...voices, version: version + 1 };
}
