/**
 * An item's History: its saves, publications and drafts from the audit log (last 180 days), newest
 * first, each with who, when, and the changed fields before and after side by side. A version the
 * log kept whole can be brought back as a draft ('Restore as draft'); nothing public changes until
 * it is published.
 */
import {
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
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { DialogFooter } from '../../components/DialogFooter';
import { auditTargetOf, type ItemRef } from '@shared/contracts/publishing';
import type { AuditEntry } from '@shared/contracts/audit';
import { useItemHistory } from '../../api/audit';
import { restoreVersion } from '../../api/publishing';
import { changeLines, formatWhen, verbOf } from '../audit/format';
import { useItemAction } from '../components/useItemAction';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
  entry: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  value: { wordBreak: 'break-word' },
  restore: { minHeight: '44px' },
  more: { marginTop: tokens.spacingVerticalM, minHeight: '44px' },
});

export function HistoryDialog(props: { item: ItemRef | undefined; label: string; onClose: () => void }) {
  const { item, onClose } = props;
  const s = useStyles();
  const history = useItemHistory(item && auditTargetOf(item));
  const { busy, run } = useItemAction();

  const restore = (e: AuditEntry) =>
    void run(e.id, {
      work: () => restoreVersion(e.id),
      ok: `The version of ${formatWhen(e.at)} is now the draft of ${props.label}: publish it to make it live`,
      failed: 'Failed to restore this version',
    }).then((done) => done && onClose());

  return (
    <Dialog open={!!item} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>History of {props.label}</DialogTitle>
          <DialogContent>
            {history.loading ? (
              <Spinner label="Loading history..." />
            ) : history.error ? (
              <Text>The history could not be loaded. Please try again later.</Text>
            ) : !history.items.length && !history.hasMore ? (
              <Text>No changes were recorded for this item in the last 180 days.</Text>
            ) : (
              <ol className={s.list} aria-label={`History of ${props.label}`}>
                {history.items.map((e) => (
                  <li key={e.id}>
                    <Card className={s.entry}>
                      <div className={s.head}>
                        <span>
                          <Text weight="semibold">{verbOf(e.action)}</Text>{' '}
                          <Caption1 className={s.muted}>
                            by {e.actor.email || e.actor.sub}, <time dateTime={e.at}>{formatWhen(e.at)}</time>
                          </Caption1>
                        </span>
                        {e.restorable && (
                          <Button
                            className={s.restore}
                            icon={<HistoryRegular />}
                            disabled={busy === e.id}
                            onClick={() => restore(e)}
                            aria-label={`Restore the version of ${formatWhen(e.at)} as a draft`}
                          >
                            Restore as draft
                          </Button>
                        )}
                      </div>
                      {changeLines(e).length > 0 && (
                        <Table size="small" aria-label="Changed fields">
                          <TableHeader>
                            <TableRow>
                              <TableHeaderCell>Field</TableHeaderCell>
                              <TableHeaderCell>Before</TableHeaderCell>
                              <TableHeaderCell>After</TableHeaderCell>
                            </TableRow>
                          </TableHeader>
                          <TableBody>
                            {changeLines(e).map((l) => (
                              <TableRow key={l.field}>
                                <TableCell>{l.field}</TableCell>
                                <TableCell className={s.value}>{l.before ?? '–'}</TableCell>
                                <TableCell className={s.value}>{l.after ?? '–'}</TableCell>
                              </TableRow>
                            ))}
                          </TableBody>
                        </Table>
                      )}
                    </Card>
                  </li>
                ))}
              </ol>
            )}
            {/* A busy log may hold older entries of this item beyond the pages read so far. */}
            {history.hasMore && (
              <Button className={s.more} disabled={history.loadingMore} onClick={history.loadMore}>
                {history.loadingMore ? 'Loading...' : 'Show older'}
              </Button>
            )}
          </DialogContent>
          <DialogFooter onClose={onClose} />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
