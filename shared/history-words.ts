/**
 * What a change reads as in History and Activity (docs/back-office.md "History"): fields by the
 * names the forms give them, values as a person reads them, actions as verbs. Pure, shared by the
 * API (History's changes) and the back office (Activity's summaries, whose times it formats).
 */

/** Fields by their form's name; any other is its stored name in words (`sample_title` → 'Sample title'). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  flag_url: 'Flag',
  title: 'Title',
  translated_title: 'Translated title',
  cefr_label: 'CEFR label',
  icon_url: 'Icon',
  content: 'Content',
  excerpt: 'Excerpt',
  featured_image: 'Featured image',
  lesson_path: 'Sample lesson',
  phrase_audio_url: 'Sample audio',
  sample_title: 'Sample heading',
  published: 'Published',
  is_locked: 'Locked',
  is_draft: 'Draft',
  order_index: 'Position',
  order: 'Order',
  publish_at: 'Publish at',
  original_text: 'Phrase',
  translated_text: 'Translation',
  speech_text: 'How to say it',
  audio_url: 'Audio',
  items: 'Items',
  skipped: 'Not published',
  how: 'How',
};
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? (field.charAt(0).toUpperCase() + field.slice(1)).replace(/_/g, ' ');

/** Fields whose value is shown through another (a post's lesson_id is its lesson_path's last part). */
const SHOWN_ELSEWHERE = new Set(['lesson_id']);
/** Fields that hold a time (an ISO instant): shown in the reader's time zone when a formatter is given. */
const TIME_FIELDS = new Set(['publish_at']);
/** Flags a missing value means 'No' of (a public course item has no is_draft at all). */
const YES_NO = new Set(['is_draft', 'published', 'is_locked']);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
export const NONE = '(none)';
export const VALUE_MAX = 80;

export interface WordsOptions {
  /** How an instant reads for this reader (the back office: local time to the second). */
  time?: (iso: string) => string;
  max?: number;
}

/** A value as one short line: a file by its name, yes/no, a time in the reader's zone, text cut to `max`. */
export function valueInWords(field: string, value: unknown, { time, max = VALUE_MAX }: WordsOptions = {}): string {
  if (YES_NO.has(field) && (value === undefined || value === null)) return 'No';
  if (value === undefined || value === null || value === '' || value === '(none)') return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // The audit log keeps values as text: a flag's 'true' and 'false' read as the form says them too.
  if (YES_NO.has(field) && (value === 'true' || value === 'false')) return value === 'true' ? 'Yes' : 'No';
  if (Array.isArray(value)) return clipText(value.map((v) => valueInWords(field, v, { time, max })).join(', '), max);
  if (typeof value !== 'string') return clipText(JSON.stringify(value), max);
  if (TIME_FIELDS.has(field) && time && ISO.test(value)) return time(value);
  // A stored file: its name, not its URL.
  if (/^(https?:\/\/[^\s]+|\/media\/[^\s]+)$/.test(value))
    return clipText(decodeURIComponent(value.slice(value.lastIndexOf('/') + 1)).replace(/^\d{10,}_/, ''), max);
  return clipText(value, max);
}

const clipText = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export interface ChangeInWords {
  field: string;
  before: string;
  after: string;
}

/** The fields (in the order given) whose value differs between two versions, in words; a missing and an empty value are the same. */
export function changesInWords(fields: readonly string[], before: Record<string, unknown>, after: Record<string, unknown>, options?: WordsOptions) {
  const out: ChangeInWords[] = [];
  for (const field of fields) {
    if (SHOWN_ELSEWHERE.has(field)) continue;
    const [a, b] = [valueInWords(field, before[field], options), valueInWords(field, after[field], options)];
    if (a === b && JSON.stringify(before[field] ?? '') === JSON.stringify(after[field] ?? '')) continue;
    // Two long texts that differ past the cut would read the same: say so.
    out.push(a === b ? { field: fieldLabel(field), before: a, after: `${b} (changed further on)` } : { field: fieldLabel(field), before: a, after: b });
  }
  return out;
}

/** 'Title: Saludos → Greetings'. */
export const changeSentence = (c: ChangeInWords) => `${c.field}: ${c.before} → ${c.after}`;

/** Verbs of the audit log's actions (`{entity}.{verb}`) and of the changes History names. */
const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Saved',
  delete: 'Deleted',
  save_draft: 'Saved as draft',
  draft_add: 'Added phrases to the draft',
  draft_update: 'Changed phrases in the draft',
  discard_draft: 'Discarded the draft',
  publish: 'Published',
  schedule: 'Scheduled',
  cancel_release: 'Cancelled the scheduled release',
  skip_release: 'Scheduled release skipped',
  release: 'Published by its scheduled release',
  retry_release: "Published by 'Retry' of its scheduled release",
  restore_version: 'Restored an earlier version as draft',
  restore: 'Restored from the Trash',
  lock: 'Locked',
  unlock: 'Unlocked',
  move: 'Moved',
  reorder: 'Reordered',
  upload: 'Uploaded',
  tts: 'Generated audio',
  import: 'Imported',
  bulk_lock: 'Locked (several at once)',
  bulk_unlock: 'Unlocked (several at once)',
  bulk_publish: 'Published (several at once)',
  bulk_delete: 'Deleted (several at once)',
  bulk_generate_audio: 'Generated audio (several at once)',
  bulk_remove_audio: 'Removed audio (several at once)',
  bulk_restore: 'Restored from the Trash (several at once)',
  grant_admin: 'Made admin',
  make_admin: 'Made admin',
  remove_admin: 'Removed admin rights',
  grant_editor: 'Made editor',
  remove_editor: 'Removed editor rights',
  invite: 'Invited',
  resend_invitation: 'Sent the invitation again',
  remove_access: 'Removed access',
  system: 'Changed outside the back office',
  save_pronunciations: 'Saved pronunciations',
  sample_voice: 'Listened to a voice',
  preview_speech: 'Listened to a phrase',
  regenerate_audio: 'Regenerated audio in the new voice',
  request_review: 'Asked for a review',
  answer_review: 'Answered a review',
  approve: 'Approved',
  request_changes: 'Asked for changes',
};
/** `lesson.save_draft` → 'Saved as draft'; an unknown verb in words ('do_thing' → 'Do thing'). */
export function actionInWords(action: string): string {
  const verb = action.slice(action.indexOf('.') + 1);
  return VERBS[verb] ?? fieldLabel(verb);
}
