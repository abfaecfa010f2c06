/**
 * The audit log (GET /api/admin/audit, docs/audit.md): newest first, a page at a time like every
 * admin list (usePaged). The filters are part of the path, so a new filter starts at the first page.
 */
import useSWR from 'swr';
import type { AuditEntry, AuditPage } from '@shared/contracts/audit';
import { authedFetcher } from './client';
import { queryString, usePaged } from './paged';

export const AUDIT_PATH = '/admin/audit';

export interface AuditFilters {
  entity?: string;
  actor?: string;
}

/** One item's entries, newest first (its History): the first HISTORY_SIZE of them. */
export const HISTORY_SIZE = 50;
export const useItemHistory = (target: { entity: string; entity_id: string } | undefined) =>
  useSWR<AuditPage, Error>(target ? `${AUDIT_PATH}${queryString({ ...target, limit: HISTORY_SIZE })}` : null, authedFetcher);

export const useAuditLog = (filters: AuditFilters) => usePaged<AuditEntry>(`${AUDIT_PATH}${queryString({ entity: filters.entity, actor: filters.actor })}`);
