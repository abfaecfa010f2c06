/**
 * The audit log (GET /api/admin/audit, docs/audit.md): newest first, one page per request, the next
 * page named by the previous answer's cursor. Filters are part of each page's key, so a new filter
 * starts again at the first page.
 */
import useSWRInfinite from 'swr/infinite';
import type { AuditEntry, AuditPage } from '@shared/audit-schemas';
import { apiFetch } from './client';

export const AUDIT_PATH = '/admin/audit';

export interface AuditFilters {
  entity?: string;
  actor?: string;
}

/** One page's path (also its SWR key); empty filters stay out of it. */
export function auditKey(filters: AuditFilters, cursor?: string | null) {
  const q = new URLSearchParams();
  if (filters.entity) q.set('entity', filters.entity);
  if (filters.actor) q.set('actor', filters.actor);
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return s ? `${AUDIT_PATH}?${s}` : AUDIT_PATH;
}

const authed = (path: string) => apiFetch<AuditPage>(path, { auth: true });

export function useAuditLog(filters: AuditFilters) {
  const r = useSWRInfinite<AuditPage>(
    (index, previous: AuditPage | null) => (index === 0 ? auditKey(filters) : previous?.cursor ? auditKey(filters, previous.cursor) : null),
    authed,
  );
  const pages = r.data ?? [];
  const items: AuditEntry[] = pages.flatMap((p) => p.items);
  return {
    items,
    error: r.error as Error | undefined,
    loading: !r.data && !r.error,
    hasMore: !!pages.at(-1)?.cursor,
    loadingMore: r.size > pages.length,
    loadMore: () => void r.setSize(r.size + 1),
  };
}
