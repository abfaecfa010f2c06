/**
 * A reviewer's answer to a request (docs/back-office.md "Reviews"): the draft's changes, the
 * editor's note, comments on its fields or phrases (or the draft as a whole), then 'Approve' or
 * 'Request changes' (which needs at least one comment). 'Preview' shows the page as it will look.
 */
import {
  Button,
  Caption1,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Select,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, CheckmarkRegular, DeleteRegular, EyeRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { approvalAnswerSchema, type ApprovalComment, type ApprovalDecision, type ListedApproval } from '@shared/contracts/approvals';
import { draftFieldsSchema } from '@shared/contracts/publishing';
import { fieldErrors } from '@shared/contracts/common';
import { fieldLabel } from '@shared/history-words';
import { answerReview } from '../../api/approvals';
import { publishingOf, usePublishing } from '../../api/publishing';
import { useLessonPhrases } from '../../api/phrases';
import { DialogFooter } from '../../components/DialogFooter';
import { useNotify } from '../../components/notify';
import { failureBody } from '../components/failure';
import { PreviewDialog } from '../publishing/PreviewDialog';
import { targetOf } from './words';

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalM },
  changes: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalXXS, wordBreak: 'break-word' },
  comment: { display: 'grid', gap: tokens.spacingVerticalXS, gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'end' },
  wide: { gridColumn: '1 / -1' },
  muted: { color: tokens.colorNeutralForeground3 },
  start: { justifySelf: 'start' },
});

const EMPTY: ApprovalComment = { target: '', text: '' };

export function ReviewDialog(props: { approval?: ListedApproval; onClose: () => void }) {
  const { approval } = props;
  const s = useStyles();
  const notify = useNotify();
  const [comments, setComments] = useState<ApprovalComment[]>([{ ...EMPTY }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<ApprovalDecision>();
  const [previewing, setPreviewing] = useState(false);
  const item = approval?.item;
  const draft = publishingOf(usePublishing().data, item).draft;
  const lessonPhrases = useLessonPhrases(item?.kind === 'lesson' ? item : null).data;
  const phrases = useMemo(() => lessonPhrases ?? [], [lessonPhrases]);
  const phraseText = useMemo(() => new Map(phrases.map((p) => [p.id, p.original_text])), [phrases]);
  // What a comment may be about: the draft as a whole, each field of the kind, each phrase of a lesson.
  const targets = useMemo(() => {
    if (!item) return [];
    const fields = Object.keys(draftFieldsSchema(item.kind).shape).map((f) => ({ value: f, label: fieldLabel(f) }));
    return [
      { value: '', label: 'General' },
      ...fields,
      ...phrases.map((p) => ({ value: `phrase:${p.id}`, label: targetOf({ target: `phrase:${p.id}` }, phraseText) })),
    ];
  }, [item, phrases, phraseText]);

  const close = () => {
    setComments([{ ...EMPTY }]);
    setErrors({});
    props.onClose();
  };
  const set = (n: number, c: Partial<ApprovalComment>) => setComments((all) => all.map((x, i) => (i === n ? { ...x, ...c } : x)));

  async function send(decision: ApprovalDecision) {
    if (!approval) return;
    // An empty row is no comment; what is left is checked as the API checks it.
    const written = comments.filter((c) => c.text.trim());
    const parsed = approvalAnswerSchema.safeParse({ item: approval.item, decision, comments: written });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setBusy(decision);
    try {
      const done = await answerReview(approval.item, decision, parsed.data.comments);
      const mail = done.mail === 'failed' ? ' (the mail could not be sent)' : '';
      notify(decision === 'approve' ? `${approval.label} is approved${mail}` : `Changes requested for ${approval.label}${mail}`);
      close();
    } catch (e) {
      notify('Failed to send the review', { body: failureBody(e), intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <>
      <Dialog open={!!approval} onOpenChange={(_, d) => !d.open && close()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Review: {approval?.label}</DialogTitle>
            <DialogContent className={s.content}>
              <Caption1 className={s.muted}>
                Requested by {approval?.requested_by}
                {approval && !approval.current && ' · the draft changed since the request: it cannot be approved until it is requested again'}
              </Caption1>
              {approval?.note && <p>&ldquo;{approval.note}&rdquo;</p>}
              {draft && Object.keys(draft.fields).length > 0 && (
                <ul className={s.changes} aria-label="Changes in the draft">
                  {Object.entries(draft.fields).map(([k, v]) => (
                    <li key={k}>
                      <strong>{fieldLabel(k)}:</strong> {typeof v === 'string' ? v : JSON.stringify(v)}
                    </li>
                  ))}
                </ul>
              )}
              <Button icon={<EyeRegular />} onClick={() => setPreviewing(true)} className={s.start}>
                Preview
              </Button>
              {comments.map((c, n) => (
                <div key={n} className={s.comment} role="group" aria-label={`Comment ${n + 1}`}>
                  <Field label="About" className={s.wide} validationMessage={errors[`comments.${n}.target`]}>
                    <Select value={c.target} onChange={(_, d) => set(n, { target: d.value })}>
                      {targets.map((t) => (
                        <option key={t.value} value={t.value}>
                          {t.label}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label="Comment" validationMessage={errors[`comments.${n}.text`] ?? (n === 0 ? errors.comments : undefined)}>
                    <Textarea value={c.text} resize="vertical" onChange={(_, d) => set(n, { text: d.value })} />
                  </Field>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Remove comment ${n + 1}`}
                    disabled={comments.length === 1}
                    onClick={() => setComments((all) => all.filter((_, i) => i !== n))}
                  />
                </div>
              ))}
              <Button icon={<AddRegular />} onClick={() => setComments((all) => [...all, { ...EMPTY }])} className={s.start}>
                Add comment
              </Button>
            </DialogContent>
            <DialogFooter onClose={close} closeLabel="Cancel" closeDisabled={!!busy}>
              <Button disabled={!!busy} onClick={() => void send('request_changes')}>
                {busy === 'request_changes' ? 'Sending...' : 'Request changes'}
              </Button>
              <Button appearance="primary" icon={<CheckmarkRegular />} disabled={!!busy || !approval?.current} onClick={() => void send('approve')}>
                {busy === 'approve' ? 'Approving...' : 'Approve'}
              </Button>
            </DialogFooter>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <PreviewDialog item={previewing ? item : undefined} label={approval?.label ?? ''} onClose={() => setPreviewing(false)} />
    </>
  );
}
