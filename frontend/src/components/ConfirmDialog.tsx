/**
 * A yes/no confirmation: every destructive admin action (confirmed by a red 'Delete'), and
 * reversible but visible changes such as locking a level (`tone="neutral"`: the brand button, with
 * its own label, e.g. 'Lock level').
 */
import { DialogFooter } from './DialogFooter';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // The status danger red (#c50f1f in the light theme), with its hover and pressed shades.
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    ':hover': { backgroundColor: tokens.colorStatusDangerBackground3Hover },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerBackground3Pressed },
  },
});

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  /** The confirm button's label (default 'Delete'). */
  confirmLabel?: string;
  /** Shown on the confirm button while the action runs (default 'Deleting...'). */
  busyLabel?: string;
  /** danger (default): a red 'Delete' button; neutral: the brand button, for changes that can be undone. */
  tone?: 'danger' | 'neutral';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const s = useStyles();
  const danger = (props.tone ?? 'danger') === 'danger';
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onCancel()} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.text}</DialogContent>
          <DialogFooter onClose={props.onCancel} closeLabel="Cancel">
            <Button appearance="primary" onClick={props.onConfirm} disabled={props.busy} className={danger ? s.danger : undefined}>
              {props.busy ? (props.busyLabel ?? 'Deleting...') : (props.confirmLabel ?? (danger ? 'Delete' : 'Confirm'))}
            </Button>
          </DialogFooter>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
