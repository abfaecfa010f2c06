/** 'Request review' of a draft (docs/back-office.md "Reviews"): an optional note for the language's reviewers, who are mailed. */
import { useMemo, type FormEvent } from 'react';
import { approvalRequestSchema, type ApprovalItem } from '@shared/contracts/approvals';
import { requestReview } from '../../api/approvals';
import { useNotify } from '../../components/notify';
import { failureBody } from '../components/failure';
import { FormDialog, TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';

export function RequestReviewDialog(props: { item?: ApprovalItem; label: string; onClose: () => void }) {
  const { item } = props;
  const notify = useNotify();
  const initial = useMemo(() => ({ note: '' }), []);
  const form = useSchemaForm(initial, { open: !!item });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!item) return;
    const data = form.validate(approvalRequestSchema.pick({ note: true }));
    if (!data) return;
    return form.run(async () => {
      try {
        const done = await requestReview(item, data.note);
        notify(
          done.mail === 'failed' ? `Review requested for ${props.label} (the mail to the reviewers could not be sent)` : `Review requested for ${props.label}`,
        );
        props.onClose();
      } catch (err) {
        notify('Failed to request a review', { body: failureBody(err), intent: 'error' });
      }
    });
  };

  return (
    <FormDialog
      form={form}
      open={!!item}
      onClose={props.onClose}
      onSubmit={submit}
      title="Request review"
      actions={{ busyLabel: 'Sending...', label: 'Request review' }}
    >
      <p>
        The reviewers of this language are mailed to read the draft of <strong>{props.label}</strong>. It can be published once one of them approves it; any
        change after that needs a new review.
      </p>
      <TextField form={form} name="note" label="Note for the reviewers" rows={3} />
    </FormDialog>
  );
}
