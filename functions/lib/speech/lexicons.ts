/**
 * A language's pronunciations as Polly lexicons (docs/back-office.md "Pronunciations"): one PLS
 * lexicon per language and voice locale (Polly applies a lexicon only to voices of its xml:lang,
 * https://docs.aws.amazon.com/polly/latest/dg/managing-lexicons-console-synthesize-speech.html), so
 * at most two per language (voices A and B). The twin's offline engine applies the entries itself.
 */
import { createHash } from 'node:crypto';
import { plsOf, type Pronunciation } from '../../../shared/pronunciations.js';
import { polly } from '../clients.js';
import { config } from '../config.js';
import { errorName } from '../errors.js';
import { logger } from '../powertools.js';

/**
 * Polly's name of a language's lexicon for one locale: `[0-9A-Za-z]{1,20}`
 * (https://docs.aws.amazon.com/polly/latest/dg/API_PutLexicon.html), from the stage, language and
 * locale, so the stages of one account never share one.
 */
export const lexiconName = (languageId: string, locale: string) =>
  `pp${createHash('sha256').update(`${config.stage}:${languageId}:${locale}`).digest('hex').slice(0, 18)}`;

/** PutLexicon is eventually consistent: wait (briefly) until GetLexicon answers the new content. */
const SETTLE_MS = [200, 400, 800];

/** Whether Polly answers `content` for the lexicon yet (a failed read: not yet). */
async function holds(get: () => Promise<{ Lexicon?: { Content?: string } }>, content: string): Promise<boolean> {
  try {
    return (await get()).Lexicon?.Content === content;
  } catch {
    return false;
  }
}

/** Stores (or, for no entries, deletes) the language's lexicon for each locale in Polly; a no-op for the offline engine. */
export async function pushLexicons(languageId: string, locales: readonly string[], entries: readonly Pronunciation[]): Promise<void> {
  if (config.speechEngine !== 'polly') return;
  const { PutLexiconCommand, GetLexiconCommand, DeleteLexiconCommand } = await import('@aws-sdk/client-polly');
  const client = await polly();
  for (const locale of new Set(locales)) {
    const Name = lexiconName(languageId, locale);
    if (!entries.length) {
      try {
        await client.send(new DeleteLexiconCommand({ Name }));
      } catch (e) {
        if (errorName(e) !== 'LexiconNotFoundException') throw e;
      }
      continue;
    }
    const Content = plsOf(locale, entries);
    await client.send(new PutLexiconCommand({ Name, Content }));
    for (const ms of SETTLE_MS) {
      if (await holds(() => client.send(new GetLexiconCommand({ Name })), Content)) break;
      await new Promise((r) => setTimeout(r, ms));
    }
  }
  logger.info('lexicons pushed', { languageId, locales: [...new Set(locales)], entries: entries.length });
}

/**
 * Makes Polly hold exactly `entries` as the language's lexicon for each locale (no entries: no
 * lexicon), writing only where it holds something else: after a course import (docs/backup.md),
 * whatever Polly held before. A no-op for the offline engine. Answers how many it put or deleted.
 */
export async function syncLexicons(languageId: string, locales: readonly string[], entries: readonly Pronunciation[]): Promise<number> {
  if (config.speechEngine !== 'polly') return 0;
  const { GetLexiconCommand } = await import('@aws-sdk/client-polly');
  const client = await polly();
  let written = 0;
  for (const locale of new Set(locales)) {
    const held = await client.send(new GetLexiconCommand({ Name: lexiconName(languageId, locale) })).then(
      (r) => r.Lexicon?.Content,
      (e: unknown) => {
        if (errorName(e) === 'LexiconNotFoundException') return undefined;
        throw e;
      },
    );
    if (held === (entries.length ? plsOf(locale, entries) : undefined)) continue;
    await pushLexicons(languageId, [locale], entries);
    written++;
  }
  return written;
}
