/** The footer of every admin form dialog: Cancel, and a submit button that says what it is doing. */
import { Button } from '@fluentui/react-components';
import { DialogFooter } from '../../components/DialogFooter';

export function FormActions(props: {
  onCancel: () => void;
  /** The submit label when idle, e.g. 'Add Level'. */
  label: string;
  /** Shown instead of the label while busy: 'Saving...', 'Uploading...'. */
  busyLabel?: string;
  busy: boolean;
  /** Also lock Cancel while busy (when closing would abandon an upload). */
  lockCancel?: boolean;
  /** A second submit, 'Save as draft' (`submittedAsDraft` tells the form which one was pressed). */
  draftLabel?: string;
  /** The draft submit is the only one (an editor who may not publish what the form would change). */
  draftOnly?: boolean;
}) {
  return (
    <DialogFooter onClose={props.onCancel} closeLabel="Cancel" closeDisabled={props.lockCancel && props.busy}>
      {props.draftLabel && (
        <Button appearance={props.draftOnly ? 'primary' : 'secondary'} type="submit" name="draft" disabled={props.busy}>
          {props.draftLabel}
        </Button>
      )}
      {!(props.draftOnly && props.draftLabel) && (
        <Button appearance="primary" type="submit" disabled={props.busy}>
          {props.busy && props.busyLabel ? props.busyLabel : props.label}
        </Button>
      )}
    </DialogFooter>
  );
}
