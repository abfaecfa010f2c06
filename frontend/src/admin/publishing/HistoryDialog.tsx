/**
 * An item's History (docs/back-office.md "History"): every version it has had in the last 180 days,
 * whatever made it, newest first: how, by whom, when (to the second, in the reader's time zone) and
 * what changed in words. Any version but the live one can be restored as a draft; nothing public
 * changes until it is published, and the draft it makes is itself a version that can be undone.
 */
import {
  Badge,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { DialogFooter } from '../../components/DialogFooter';
import type { ItemRef } from '@shared/contracts/publishing';
import { AUDIT_KEEP_DAYS } from '@shared/contracts/audit';
import { HISTORY_MAX, type HistoryVersion } from '@shared/contracts/history';
import { restoreVersion, useHistory } from '../../api/publishing';
import { formatWhen } from '../audit/format';
import { useItemAction } from '../components/useItemAction';
import { ReviewSteps } from '../reviews/ReviewSteps';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
  entry: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  changes: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXXS },
  change: { wordBreak: 'break-word' },
  field: { fontWeight: tokens.fontWeightSemibold },
  before: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  restore: { minHeight: '44px' },
});

/** When a version was made, as a person reads it ('when not recorded' for content older than History). */
const whenOf = (v: HistoryVersion) => (v.at ? formatWhen(v.at) : 'at a time not recorded');

function Version({ v, label, busy, onRestore }: { v: HistoryVersion; label: string; busy: boolean; onRestore: () => void }) {
  const s = useStyles();
  return (
    <Card className={s.entry}>
      <div className={s.head}>
        <span className={s.title}>
          <Text weight="semibold">{v.how}</Text>
          {v.current && (
            <Badge appearance="tint" color="success">
              Current version
            </Badge>
          )}
          <Caption1 className={s.muted}>
            {v.by ? `by ${v.by}, ` : ''}
            {v.at ? <time dateTime={v.at}>{whenOf(v)}</time> : whenOf(v)}
          </Caption1>
        </span>
        {v.id && (
          <Button
            className={s.restore}
            icon={<HistoryRegular />}
            disabled={busy}
            onClick={onRestore}
            aria-label={`Restore the version of ${whenOf(v)} as a draft of ${label}`}
          >
            Restore as draft
          </Button>
        )}
      </div>
      {v.changes.length > 0 ? (
        <ul className={s.changes} aria-label="What changed">
          {v.changes.map((c) => (
            <li key={c.field} className={s.change}>
              <span className={s.field}>{c.field}</span>: <span className={s.before}>{c.before}</span> → {c.after}
            </li>
          ))}
        </ul>
      ) : (
        !v.current && <Caption1 className={s.muted}>The oldest version kept: as it was before its first change here.</Caption1>
      )}
    </Card>
  );
}

export function HistoryDialog(props: { item: ItemRef | undefined; label: string; onClose: () => void }) {
  const { item, label, onClose } = props;
  const s = useStyles();
  const history = useHistory(item);
  const { busy, run } = useItemAction();

  const restore = (v: HistoryVersion) =>
    item &&
    v.id &&
    void run(v.id, {
      work: () => restoreVersion(item, v.id ?? ''),
      ok: `The version of ${whenOf(v)} is now the draft of ${label}: publish it to make it live`,
      failed: 'Failed to restore this version',
    }).then((done) => done && onClose());

  const versions = history.data?.versions ?? [];
  return (
    <Dialog open={!!item} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>History of {label}</DialogTitle>
          <DialogContent>
            {history.error ? (
              <Text>The history could not be loaded. Please try again later.</Text>
            ) : !history.data ? (
              <Spinner label="Loading history..." />
            ) : (
              <>
                <ol className={s.list} aria-label={`History of ${label}`}>
                  {versions.map((v) => (
                    <li key={v.id ?? 'current'}>
                      <Version v={v} label={label} busy={busy === v.id} onRestore={() => restore(v)} />
                    </li>
                  ))}
                </ol>
                <Caption1 className={s.muted}>
                  {history.data.older ? `The newest ${HISTORY_MAX} versions are listed. ` : ''}Versions are kept for {AUDIT_KEEP_DAYS} days.
                </Caption1>
                <ReviewSteps item={item} />
              </>
            )}
          </DialogContent>
          <DialogFooter onClose={onClose} />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
