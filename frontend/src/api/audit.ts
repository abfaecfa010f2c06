/**
 * The audit log (GET /api/admin/audit, docs/audit.md): newest first, a page at a time like every
 * admin list (usePaged). The filters are part of the path, so a new filter starts at the first page.
 */
import type { AuditEntry } from '@shared/contracts/audit';
import { queryString, usePaged } from './paged';
import { api } from '@shared/urls';

export const AUDIT_PATH = api.audit;

export interface AuditFilters {
  entity?: string;
  actor?: string;
}

export const useAuditLog = (filters: AuditFilters) => usePaged<AuditEntry>(`${AUDIT_PATH}${queryString({ entity: filters.entity, actor: filters.actor })}`);
