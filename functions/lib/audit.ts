/**
 * What the audit log says of a write (docs/audit.md): the note a handler may give
 * (`req.audit({ before, ... })`), and the entry's action, id, label and changed-fields summary,
 * derived from the route, its params and its answer. Pure: the recorder that writes the entry and
 * names the actor is ../services/audit.ts.
 */
import type { RouteDef } from '../routes.js';
import { AUDIT_VALUE_MAX } from '../../shared/contracts/audit.js';
import type { Caller } from './auth.js';

/** What a handler may tell the log; anything left out is derived from the route, its params and its answer. */
export interface AuditNote {
  /** `{entity}.{verb}` when the derived one does not fit. */
  action?: string;
  /** The resource when the route's module does not name it (publishing names the item's kind). */
  entity?: string;
  /** The item's path when the route's params do not name it (creates, body-addressed writes). */
  id?: string;
  /** A readable name (title, name, e-mail). */
  label?: string;
  /** The item as it was (read before the write). */
  before?: unknown;
  /** The item as it is now; by default the handler's answer when it is one object. */
  after?: unknown;
}

export interface AuditedWrite {
  route: RouteDef;
  params: Record<string, string>;
  body: unknown;
  caller: Caller;
  /** The handler's answer (a JSON body already parsed back). */
  answer: unknown;
  note: AuditNote;
}
export type AuditRecorder = (write: AuditedWrite) => Promise<void>;

/** The route table's handler modules as the log names the resource they change. */
const ENTITY_OF: Partial<Record<string, string>> = {
  languages: 'language',
  levels: 'level',
  lessons: 'lesson',
  phrases: 'phrase',
  media: 'media',
  settings: 'settings',
  blog: 'blog',
  users: 'user',
};

/** The verb of a route whose last path segment is an action, not the collection or an id. */
const VERB_OF: Partial<Record<string, string | ((method: string) => string)>> = {
  move: 'move',
  lock: 'lock',
  reorder: 'reorder',
  uploads: 'upload',
  tts: 'tts',
  group: 'update',
  admins: 'grant_admin',
  'make-admin': 'make_admin',
  restore: 'restore',
  drafts: 'save_draft',
  // A lesson's phrase draft (POST adds rows, PUT edits a group); the handler logs it as the lesson's draft.
  draft: (method) => (method === 'POST' ? 'draft_add' : 'draft_update'),
  discard: 'discard_draft',
  publish: 'publish',
  previews: 'preview',
  releases: 'schedule',
  bulk: 'bulk',
  undelete: 'bulk_restore',
  import: 'import',
  admin: (method) => (method === 'DELETE' ? 'remove_admin' : 'grant_admin'),
  editor: (method) => (method === 'DELETE' ? 'remove_editor' : 'grant_editor'),
  invitations: 'invite',
  invitation: 'resend_invitation',
  access: 'remove_access',
  // A language's voices and pronunciations (handlers/media.ts; PUT /api/speech/{language} is 'media.update').
  pronunciations: 'save_pronunciations',
  sample: 'sample_voice',
  preview: 'preview_speech',
  regenerate: 'regenerate_audio',
  // The review step (handlers/publishing.ts names each answer by its decision).
  request: 'request_review',
  answer: 'answer_review',
};
const VERB_BY_METHOD: Partial<Record<string, string>> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

export const entityOf = (route: Pick<RouteDef, 'fn'>) => ENTITY_OF[route.fn] ?? route.fn;

/** `level.lock`, `lesson.reorder`, `blog.update`, `user.remove_admin`... */
export function actionOf(route: Pick<RouteDef, 'fn' | 'method' | 'path'>, body?: unknown): string {
  const last = route.path.split('/').at(-1) ?? '';
  const named = VERB_OF[last];
  let verb = typeof named === 'function' ? named(route.method) : (named ?? VERB_BY_METHOD[route.method] ?? route.method.toLowerCase());
  if (verb === 'lock' && (body as { is_locked?: unknown } | undefined)?.is_locked === false) verb = 'unlock';
  return `${entityOf(route)}.${verb}`;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The path of the item a course write addresses by its fields: `en/a1/greetings`. */
const pathOfFields = (v: unknown) => {
  if (!isRecord(v)) return undefined;
  const parts = [v.language_id, v.level_id, v.lesson_id, v.id].filter((p): p is string => typeof p === 'string' && !!p);
  return parts.length ? parts.join('/') : undefined;
};

/** The item's id: what the handler says, else the route's path params, else the answer's or the body's fields. */
export function entityIdOf(w: Pick<AuditedWrite, 'route' | 'params' | 'body' | 'answer' | 'note'>): string {
  if (w.note.id) return w.note.id;
  const fromPath = [...w.route.path.matchAll(/\{(\w+)\}/g)].map((m) => w.params[m[1]]).filter(Boolean);
  if (fromPath.length) return fromPath.join('/');
  return pathOfFields(w.answer) ?? pathOfFields(w.body) ?? entityOf(w.route);
}

/** Never in the log: credentials and signed upload fields (checked on every key, at any depth). */
const SECRET = /token|password|secret|signature|credential|policy|authorization|x-amz/i;
/** Bookkeeping that changes on every write, or that the entry already holds elsewhere (a phrase's word timings follow its audio). */
const SKIP = new Set(['version', 'created_at', 'updated_at', 'id', 'entity', 'PK', 'SK', 'GSI1PK', 'GSI1SK', 'audio_timings']);
const MAX_FIELDS = 12;

/** A value as one short line: strings as they are, anything else as JSON without secrets. */
export function clip(v: unknown, max = AUDIT_VALUE_MAX): string {
  // JSON.stringify gives undefined (its type says string) for undefined, a function or a symbol.
  const text = typeof v === 'string' ? v : ((JSON.stringify(v, (k, x: unknown) => (k && SECRET.test(k) ? undefined : x)) as string | undefined) ?? String(v));
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The changed fields only: each key whose value differs between before and after, cut to
 * AUDIT_VALUE_MAX characters. An update shows both sides ('(none)' for an empty one); a create
 * has only `after`, a delete only `before`.
 */
export function summarize(before: unknown, after: unknown): { before?: Record<string, string>; after?: Record<string, string> } {
  const sides = [isRecord(before) ? before : undefined, isRecord(after) ? after : undefined] as const;
  const out = [{}, {}] as [Record<string, string>, Record<string, string>];
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  let n = 0;
  for (const key of new Set(sides.flatMap((x) => (x ? Object.keys(x) : [])))) {
    if (SKIP.has(key) || SECRET.test(key) || n >= MAX_FIELDS) continue;
    const [x, y] = sides.map((side) => side?.[key]);
    if (JSON.stringify(x) === JSON.stringify(y) || (empty(x) && empty(y))) continue;
    n++;
    sides.forEach((side, i) => {
      const v = i ? y : x;
      if (side && (!empty(v) || sides[1 - i])) out[i][key] = empty(v) ? '(none)' : clip(v);
    });
  }
  return {
    ...(Object.keys(out[0]).length ? { before: out[0] } : {}),
    ...(Object.keys(out[1]).length ? { after: out[1] } : {}),
  };
}

export const labelOf = (...items: unknown[]) => {
  for (const i of items) if (isRecord(i)) for (const k of ['title', 'name', 'email']) if (typeof i[k] === 'string' && i[k]) return clip(i[k]);
  return undefined;
};

/** A group of phrases as one item: its texts joined, its audio, and its 'How to say it' when a phrase has one. */
export const phrasesSummary = (phrases: readonly { original_text: string; translated_text: string; audio_url: string; speech_text?: string }[]) =>
  phrases.length
    ? {
        original_text: phrases.map((p) => p.original_text).join(' / '),
        translated_text: phrases.map((p) => p.translated_text).join(' / '),
        audio_url: phrases[0].audio_url,
        ...(phrases.some((p) => p.speech_text) ? { speech_text: phrases.map((p) => p.speech_text ?? '').join(' / ') } : {}),
      }
    : undefined;

/** An order as one value: the titles in order, as a person reads it in Activity. */
export const orderSummary = (items: readonly { title: string }[]) => ({ order: items.map((i) => i.title).join(' / ') });
/** A reorder's label: what holds the items ('order in Beginner'), when it is still there. */
export const orderLabel = (holder: string | undefined) => (holder ? { label: `order in ${holder}` } : {});
