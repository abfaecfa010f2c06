/**
 * The button row of every dialog (form, confirmation, read-only). Fluent's DialogActions sits in
 * two of the body's three grid columns, so three buttons squeezed there wrapped their labels
 * ('Save as / draft'): here the row takes the whole width, labels never wrap, and the buttons
 * flow onto a second line before any label would (phones stack them, as Fluent does below 480 px).
 */
import { Button, DialogActions, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  row: {
    gridColumnStart: 1,
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    '& > .fui-Button': { whiteSpace: 'nowrap', flexShrink: 0 },
  },
});

/** The row, led by the button that closes the dialog (Cancel, or a read-only dialog's Close: then the only, primary one). */
export function DialogFooter(props: { onClose: () => void; closeLabel?: 'Cancel' | 'Close'; closeDisabled?: boolean; children?: ReactNode }) {
  return (
    <DialogActions className={useStyles().row}>
      <Button appearance={props.children ? 'secondary' : 'primary'} onClick={props.onClose} disabled={props.closeDisabled}>
        {props.closeLabel ?? 'Close'}
      </Button>
      {props.children}
    </DialogActions>
  );
}
