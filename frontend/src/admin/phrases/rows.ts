/** Phrase rows of the Add/Edit Phrases form, the form's values, and the paste box's line parser. */
import type { CoursePick } from '../components/CourseSelects';

export interface PhraseRow {
  /** Local key for React. */
  key: string;
  original_text: string;
  translated_text: string;
  /** 'How to say it': the phrase with marks (shared/speech-marks.ts), '' for none. */
  speech_text: string;
}

/** What the Add/Edit Phrases form edits; the rows' local keys are dropped by the schema, so rows go without ids. */
export type PhrasesForm = Required<CoursePick> & { audio_url: string; phrases: PhraseRow[] };

let seq = 0;
export const newRow = (original_text = '', translated_text = '', speech_text = ''): PhraseRow => ({
  key: `row-${++seq}`,
  original_text,
  translated_text,
  speech_text,
});

/** What the rows' 'How to say it' need from the dialog: their messages, and 'Listen' to one row. */
export interface RowSpeech {
  errorOf: (index: number) => string | undefined;
  listen: (row: PhraseRow, index: number) => void;
  /** The key of the row being listened to. */
  listening?: string;
  /** Why no row can be listened to yet (no language chosen). */
  blocked?: string;
}

/** The form's key of a row's 'How to say it' message, as the API's 400 names it. */
export const speechTextField = (index: number) => `phrases.${index}.speech_text`;

const isBlank = (r: PhraseRow) => !r.original_text.trim() && !r.translated_text.trim();

/** One CSV line: fields split on commas, "quoted, fields" kept whole, "" inside quotes is a quote. */
function csvFields(line: string) {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++; // the escaped quote's second half
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && !cur.trim()) quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/**
 * Lines of "original<TAB>translation" (as copied from a spreadsheet) or "original,translation".
 * A line with a tab splits on its first tab, so commas inside phrases survive; otherwise it is read
 * as CSV (quote a phrase that contains a comma) and any further fields stay in the translation.
 */
export function parsePasted(text: string): PhraseRow[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => {
      if (line.includes('\t')) {
        const [original, ...rest] = line.split('\t');
        return newRow(original.trim(), rest.join(' ').trim());
      }
      const [original, ...rest] = csvFields(line);
      return newRow(original.trim(), rest.join(',').trim());
    });
}

/** Pasted rows replace blank rows (the form starts with one) and follow the filled ones. */
export const appendRows = (rows: PhraseRow[], added: PhraseRow[]) => [...rows.filter((r) => !isBlank(r)), ...added];
