/** A yes/no confirmation (used for every destructive admin action with the spec's wording). */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export function ConfirmDialog(props: { open: boolean; title: string; text: string; confirmLabel?: string; busy?: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onCancel()} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={props.onConfirm} disabled={props.busy} style={{ background: '#c50f1f' }}>
              {props.busy ? 'Deleting...' : (props.confirmLabel ?? 'Delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
