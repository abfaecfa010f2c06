/**
 * Activity: the audit log of admin writes (docs/audit.md), newest first, filtered by item type and
 * by who made the change (both kept in the URL), one page at a time ('Show more').
 */
import { Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { AUDIT_KEEP_DAYS, type AuditEntry } from '@shared/contracts/audit';
import { useAuditLog } from '../../api/audit';
import { AdminList, type ListColumn } from '../components/AdminList';
import { ListFilter, ListToolbar } from '../components/ListToolbar';
import { useListParams } from '../components/useListParams';
import { changeLines, ENTITY_LABELS, entityLabel, formatWhen, verbOf } from './format';
import { AdminSection } from '../components/AdminSection';

const PARAMS = ['entity', 'actor'] as const;
const ENTITY_OPTIONS = Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }));
/** The actor filter is a server query: it is sent once typing pauses, not on every key. */
const TYPING_PAUSE_MS = 300;

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
  wrap: { wordBreak: 'break-word' },
  changes: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  field: { fontWeight: tokens.fontWeightSemibold },
  before: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
});

function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [value]);
  return settled;
}

function Change({ entry }: { entry: AuditEntry }) {
  const s = useStyles();
  const lines = changeLines(entry);
  if (!lines.length) return <Caption1 className={s.muted}>—</Caption1>;
  return (
    <ul className={s.changes}>
      {lines.map((l) => (
        <li key={l.field} className={s.wrap}>
          <span className={s.field}>{l.field}</span>:{' '}
          {l.before !== undefined && <span className={l.after !== undefined ? s.before : undefined}>{l.before}</span>}
          {l.before !== undefined && l.after !== undefined && ' → '}
          {l.after}
        </li>
      ))}
    </ul>
  );
}

export default function ActivityLog() {
  const s = useStyles();
  const [params, setParams] = useListParams(PARAMS);
  const actor = useSettled(params.actor.trim());
  const log = useAuditLog({ entity: params.entity, actor });
  const filtered = !!(params.entity || actor);

  const columns: ListColumn<AuditEntry>[] = [
    { id: 'when', label: 'When', minWidth: 150, render: (e) => <time dateTime={e.at}>{formatWhen(e.at)}</time> },
    // People by e-mail (the log's name for them), never by their Cognito id.
    { id: 'who', label: 'Who', minWidth: 190, render: (e) => <span className={s.muted}>{e.actor.email || 'Unknown user'}</span> },
    { id: 'action', label: 'Action', minWidth: 130, hideInCard: true /* the card's title says it */, render: (e) => <Text>{verbOf(e.action)}</Text> },
    {
      id: 'item',
      label: 'Item',
      minWidth: 190,
      render: (e) => (
        <span className={s.wrap}>
          {entityLabel(e.entity)}
          {e.label ? `: ${e.label}` : ''}
        </span>
      ),
    },
    { id: 'change', label: 'Change', minWidth: 300, render: (e) => <Change entry={e} /> },
  ];

  return (
    <AdminSection
      id="activity-title"
      title="Activity"
      intro={<>Every change made in the back office, newest first. Entries are kept for {AUDIT_KEEP_DAYS} days.</>}
    >
      <ListToolbar
        q={params.actor}
        onSearch={(v) => setParams({ actor: v })}
        placeholder="Filter by e-mail"
        count={log.loading ? undefined : `Showing ${log.items.length}${log.hasMore ? '+' : ''}`}
      >
        <ListFilter label="Item type" value={params.entity} onChange={(v) => setParams({ entity: v })} allLabel="All items" options={ENTITY_OPTIONS} />
      </ListToolbar>
      <AdminList
        label="Activity"
        pages={log}
        columns={columns}
        getRowId={(e) => e.id}
        empty={filtered ? 'No activity matches these filters.' : 'No activity yet.'}
        // Rows already shown stay when a later page fails.
        failed={log.error && !log.items.length ? `Failed to load activity: ${log.error.message}` : undefined}
        cardTitle={(e) => `${entityLabel(e.entity)}${e.label ? ` ${e.label}` : ''}: ${verbOf(e.action).toLowerCase()}`}
      />
    </AdminSection>
  );
}
