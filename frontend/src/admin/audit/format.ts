/** How an audit entry reads in Activity and History: words, names and local times, never stored names or ids. */
import type { AuditEntityName, AuditEntry } from '@shared/contracts/audit';
import { actionInWords, fieldLabel, valueInWords } from '@shared/history-words';

/** The filter's choices: the resources the log names, as the back office calls them. */
export const ENTITY_LABELS: Record<AuditEntityName, string> = {
  language: 'Language',
  level: 'Level',
  lesson: 'Lesson',
  phrase: 'Phrases',
  media: 'Media',
  settings: 'Settings',
  blog: 'Blog post',
  user: 'User',
  backup: 'Course import',
  trash: 'Trash',
};
/** An entry's resource by name (an entity this screen does not know yet shows as the API names it). */
export const entityLabel = (entity: string) => (ENTITY_LABELS as Record<string, string | undefined>)[entity] ?? fieldLabel(entity);

/** To the second, in the reader's time zone (named): two changes in one minute never read the same. */
const when = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});
/** The local date and time of an ISO instant. */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** `lesson.save_draft` → 'Saved as draft'. */
export const verbOf = actionInWords;

export interface ChangeLine {
  field: string;
  before?: string;
  after?: string;
}

/** One line per changed field, in the order the entry lists them: fields by their form's name, values in words. */
export function changeLines(e: Pick<AuditEntry, 'before' | 'after'>): ChangeLine[] {
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const words = (field: string, v: string | undefined) => (v === undefined ? undefined : valueInWords(field, v, { time: formatWhen }));
  return fields.map((field) => ({ field: fieldLabel(field), before: words(field, e.before?.[field]), after: words(field, e.after?.[field]) }));
}
