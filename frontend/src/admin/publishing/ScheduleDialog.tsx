/**
 * 'Publish at': the date and time a draft goes live, typed in the admin's time zone (named in the
 * hint) and sent in UTC. Opened for a new release or to move one; the server refuses a past time.
 */
import { useMemo, type FormEvent } from 'react';
import * as z from 'zod';
import { RELEASE_TIME_TEXT, releaseUpdateSchema, type ItemRef, type Release } from '@shared/contracts/publishing';
import { ApiError } from '../../api/client';
import { moveRelease, scheduleRelease } from '../../api/publishing';
import { useNotify } from '../../components/notify';
import { failureBody } from '../components/failure';
import { FormDialog, TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { formatReleaseTime, fromLocalInput, localTimeZone, toLocalInput } from './time';

/**
 * The contract's release time, read from the local `datetime-local` value; a past time is refused
 * here already (the server would refuse it with the same text).
 */
const localReleaseSchema = z
  .object({ publish_at: z.string().transform((v) => fromLocalInput(v) ?? '') })
  .pipe(releaseUpdateSchema)
  .refine((v) => v.publish_at > new Date().toISOString(), { message: RELEASE_TIME_TEXT, path: ['publish_at'] });

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
  const initial = useMemo(() => ({ publish_at: toLocalInput(release?.publish_at ?? tomorrowAtNine()) }), [release]);
  const form = useSchemaForm(initial, { open });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(localReleaseSchema);
    if (!data) return;
    return form.run(async () => {
      try {
        const saved = release ? await moveRelease(release.id, data.publish_at) : await scheduleRelease(props.item, data.publish_at);
        notify(`${props.label} will be published on ${formatReleaseTime(saved.publish_at)}`);
        props.onClose();
      } catch (err) {
        // A refused time goes under the field; anything else is a toast.
        if (!(err instanceof ApiError && err.fields?.publish_at && form.showServerErrors(err)))
          notify('Failed to schedule the release', { body: failureBody(err), intent: 'error' });
      }
    });
  };

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={props.onClose}
      onSubmit={submit}
      title={release ? 'Change release' : 'Schedule release'}
      actions={{ busyLabel: 'Saving...', label: release ? 'Change release' : 'Schedule' }}
    >
      <p>
        <strong>{props.label}</strong> {props.item.kind === 'level' ? 'and its draft lessons go' : 'goes'} live at this time, by itself.
      </p>
      <TextField form={form} name="publish_at" label="Publish at" required type="datetime-local" hint={`Your time zone: ${localTimeZone()}`} />
    </FormDialog>
  );
}
