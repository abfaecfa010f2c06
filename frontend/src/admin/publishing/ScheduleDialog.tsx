/**
 * 'Publish at': the date and time a draft goes live, typed in the admin's time zone (named in the
 * hint) and sent in UTC. Opened for a new release or to move one; the server refuses a past time.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { RELEASE_TIME_TEXT, type ItemRef, type Release } from '@shared/contracts/publishing';
import { ApiError } from '../../api/client';
import { moveRelease, scheduleRelease } from '../../api/publishing';
import { useNotify } from '../../components/notify';
import { failureBody } from '../components/failure';
import { formatReleaseTime, fromLocalInput, localTimeZone, toLocalInput } from './time';

/** A new release starts tomorrow at 09:00 local time. */
function tomorrowAtNine() {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return d.toISOString();
}

export function ScheduleDialog(props: { open: boolean; item: ItemRef; label: string; release?: Release; onClose: () => void }) {
  const { open, release } = props;
  const notify = useNotify();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValue(toLocalInput(release?.publish_at ?? tomorrowAtNine()));
    setError(undefined);
  }, [open, release]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const at = fromLocalInput(value);
    if (!at || at <= new Date().toISOString()) return setError(RELEASE_TIME_TEXT);
    setBusy(true);
    try {
      const saved = release ? await moveRelease(release.id, at) : await scheduleRelease(props.item, at);
      notify(`${props.label} will be published on ${formatReleaseTime(saved.publish_at)}`);
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields?.publish_at) setError(err.fields.publish_at);
      else notify('Failed to schedule the release', { body: failureBody(err), intent: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{release ? 'Change release' : 'Schedule release'}</DialogTitle>
            <DialogContent>
              <p>
                <strong>{props.label}</strong> {props.item.kind === 'level' ? 'and its draft lessons go' : 'goes'} live at this time, by itself.
              </p>
              <Field label="Publish at" required validationMessage={error} hint={`Your time zone: ${localTimeZone()}`}>
                <Input type="datetime-local" value={value} onChange={(_, d) => setValue(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? 'Saving...' : release ? 'Change release' : 'Schedule'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
