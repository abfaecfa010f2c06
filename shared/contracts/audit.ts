/**
 * The audit log's contract (docs/audit.md): what GET /api/admin/audit takes and answers. Types come
 * from the schemas, so the handler, the data layer and the Activity screen cannot drift apart.
 */
import * as z from 'zod';
import { pageSchema } from './paging.js';

/** How long an entry is kept before DynamoDB's TTL removes it. */
export const AUDIT_KEEP_DAYS = 180;
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;
/** Each before/after value is cut to this many characters. */
export const AUDIT_VALUE_MAX = 80;

/** The resources an admin write changes (the route table's handler modules, singular; `backup` is an import). */
export const AUDIT_ENTITIES = ['language', 'level', 'lesson', 'phrase', 'media', 'settings', 'blog', 'user', 'backup', 'trash'] as const;
export type AuditEntityName = (typeof AUDIT_ENTITIES)[number];

/** An empty query value (`?entity=`) means no filter. */
const blank = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
  /** Opaque: the `cursor` of the previous page's answer. */
  cursor: z
    .string()
    .max(200, 'Invalid cursor')
    .optional()
    .transform(blank)
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
        .optional(),
    ),
  entity: z.string().max(20, 'Unknown entity').optional().transform(blank).pipe(z.enum(AUDIT_ENTITIES, 'Unknown entity').optional()),
  /** An admin's e-mail (or part of it) or their `sub`. */
  actor: z.string().max(254, 'actor is at most 254 characters').optional().transform(blank),
  /** One item's entries (its History): its path as entries name it, e.g. `fr/a1/greetings`, or a post's id. */
  entity_id: z.string().max(320, 'entity_id is at most 320 characters').optional().transform(blank),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** Changed fields only, each value cut to AUDIT_VALUE_MAX characters. */
export const auditSummarySchema = z.record(z.string(), z.string());

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO time of the change. */
  at: z.string(),
  actor: z.object({ sub: z.string(), email: z.string() }),
  /** `{entity}.{verb}`, e.g. `level.lock`, `user.remove_admin`. */
  action: z.string(),
  entity: z.string(),
  /** The item's path, e.g. `en/a1/greetings`. */
  entity_id: z.string(),
  /** A readable name of the item (title, name, e-mail) when it has one. */
  label: z.string().optional(),
  before: auditSummarySchema.optional(),
  after: auditSummarySchema.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
