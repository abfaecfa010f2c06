/**
 * The generated audio files the current voices would make differently: their count, and their
 * regeneration on confirm (a batch per request, with progress), at Polly's rate.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, ProgressBar } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { countOf } from '@shared/plural';
import { regenerateAll } from '../../api/speech';
import { useNotify } from '../../components/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureBody } from '../components/failure';

/** Polly's neural rate (SynthesizeSpeech, 8 a second: docs/benchmarks.md), for the estimate the admin confirms. */
const GROUPS_PER_SECOND = 8;

/** `stale`: the count the screen's last read gave; `onDone` re-reads it. */
export function RegenerateBar({ languageId, stale: n, onDone }: { languageId: string; stale: number; onDone: () => void }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; remaining: number }>();
  if (!n && !progress) return null;
  const files = countOf(n, 'audio file');
  const title = progress ? 'Regenerating audio' : `${files} sound different now`;

  async function run() {
    setAsking(false);
    setProgress({ done: 0, remaining: n });
    try {
      const done = await regenerateAll(languageId, (d, remaining) => setProgress({ done: d, remaining }));
      notify(`Regenerated ${countOf(done, 'audio file')}`);
    } catch (e) {
      notify('Regeneration stopped: what was done is kept, run it again for the rest', { body: failureBody(e), intent: 'error' });
    } finally {
      setProgress(undefined);
      onDone();
    }
  }

  return (
    <>
      <MessageBar intent="warning" aria-live="polite">
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle>
          {progress ? (
            <ProgressBar value={progress.done / Math.max(1, progress.done + progress.remaining)} aria-label="Regeneration progress" />
          ) : (
            'Generated audio made before this change keeps how it sounded until regenerated. Uploaded audio is never changed.'
          )}
        </MessageBarBody>
        {!progress && (
          <MessageBarActions>
            <Button icon={<ArrowSyncRegular />} onClick={() => setAsking(true)}>
              Regenerate {files}
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
      <ConfirmDialog
        open={asking}
        tone="neutral"
        title={`Regenerate ${files}?`}
        text={`Each of these phrase groups is spoken again with the current voices and pronunciations, about ${Math.max(1, Math.ceil(n / GROUPS_PER_SECOND))} s at Polly's rate. Uploaded audio is not changed.`}
        confirmLabel="Regenerate"
        busyLabel="Regenerating..."
        onConfirm={() => void run()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
