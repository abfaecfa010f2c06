/** How an audit entry reads in the Activity list. */
import type { AuditEntityName, AuditEntry } from '@shared/contracts/audit';

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
export const entityLabel = (entity: string) => (ENTITY_LABELS as Record<string, string | undefined>)[entity] ?? entity;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** The local date and time of an ISO instant. */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** `user.remove_admin` → `remove admin` under the entity's name. */
export const verbOf = (action: string) => action.slice(action.indexOf('.') + 1).replace(/_/g, ' ');

export interface ChangeLine {
  field: string;
  before?: string;
  after?: string;
}

/** One line per changed field, in the order the entry lists them. */
export function changeLines(e: Pick<AuditEntry, 'before' | 'after'>): ChangeLine[] {
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return fields.map((field) => ({ field, before: e.before?.[field], after: e.after?.[field] }));
}
