/**
 * A language's pronunciations (docs/back-office.md "Pronunciations"): the list the screen edits,
 * stored in the table and pushed to Polly as the language's lexicon on save. Polly first: a lexicon
 * Polly refuses (a fault, a limit) is a 502 and nothing is saved; then the versioned save, and on a
 * conflict Polly gets the stored list back, so Polly and the table never tell two stories for long.
 */
import { getSpeech, saveLexicon } from '../data/speech.js';
import { upstream } from '../lib/errors.js';
import { logger } from '../lib/powertools.js';
import { pushLexicons, syncLexicons } from '../lib/speech/lexicons.js';
import { LEXICON_LIMITS, lexiconChars, type Pronunciation } from '../../shared/pronunciations.js';
import type { Lexicon, LexiconIn } from '../../shared/contracts/speech.js';
import { locales, staleGroups } from './voice-change.js';

export async function lexiconView(languageId: string): Promise<Lexicon> {
  const [stored, stale] = await Promise.all([getSpeech(languageId), staleGroups(languageId)]);
  return {
    language_id: languageId,
    entries: stored.lexicon,
    version: stored.lexicon_version,
    chars: lexiconChars(stored.lexicon),
    limits: { ...LEXICON_LIMITS },
    stale: stale.length,
  };
}

async function push(languageId: string, voices: { voice: string; voice_b: string }, entries: readonly Pronunciation[]) {
  try {
    await pushLexicons(languageId, locales(languageId, voices), entries);
  } catch (e) {
    logger.error('lexicon push failed', { error: e as Error });
    throw upstream(`Polly did not take the pronunciations: ${(e as Error).message || 'unknown error'}. Nothing was saved.`);
  }
}

/** Saves the whole list (it is one lexicon): pushed to Polly, then stored at the version read (409 if stale). */
export async function saveLexiconEntries(languageId: string, input: LexiconIn): Promise<Lexicon> {
  const stored = await getSpeech(languageId);
  await push(languageId, stored, input.entries);
  try {
    await saveLexicon(languageId, input.entries, input.version);
  } catch (e) {
    // Someone saved first: Polly goes back to what the table holds (theirs).
    await push(languageId, stored, (await getSpeech(languageId)).lexicon).catch(() => undefined);
    throw e;
  }
  return lexiconView(languageId);
}

/**
 * After a course import (docs/backup.md): Polly gets each language's pronunciations as the table
 * now holds them, for the locales of its voices, wherever it holds something else (a restore into a
 * new stage holds none). A refusal is a 502: the course is imported, and importing the same file
 * again (nothing left to write) syncs again.
 */
export async function syncImportedLexicons(languageIds: readonly string[]): Promise<void> {
  try {
    for (const languageId of languageIds) {
      const stored = await getSpeech(languageId);
      await syncLexicons(languageId, locales(languageId, stored), stored.lexicon);
    }
  } catch (e) {
    logger.error('lexicon sync after an import failed', { error: e as Error });
    throw upstream(
      `The course is imported, but Polly did not take its pronunciations (${(e as Error).message || 'unknown error'}): import the same file again.`,
    );
  }
}
