/**
 * The generated audio files the current voices would make differently: their count, and their
 * regeneration on confirm (a batch per request, with progress), at Polly's rate.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, ProgressBar } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { SpeechSettings } from '@shared/contracts/speech';
import { countOf } from '@shared/plural';
import { regenerateAll, useSpeech } from '../../api/speech';
import { useNotify } from '../../components/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureBody } from '../components/failure';

/** Polly's neural rate (SynthesizeSpeech, 8 a second: docs/benchmarks.md), for the estimate the admin confirms. */
const GROUPS_PER_SECOND = 8;

export function RegenerateBar({ settings, onDone }: { settings: SpeechSettings; onDone: (s: SpeechSettings) => void }) {
  const notify = useNotify();
  const { mutate } = useSpeech(settings.language_id);
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; remaining: number }>();
  const n = settings.stale;
  if (!n && !progress) return null;
  const files = countOf(n, 'audio file');

  async function run() {
    setAsking(false);
    setProgress({ done: 0, remaining: n });
    try {
      const done = await regenerateAll(settings.language_id, (d, remaining) => setProgress({ done: d, remaining }));
      notify(`Regenerated ${countOf(done, 'audio file')}`);
    } catch (e) {
      notify('Regeneration stopped: what was done is kept, run it again for the rest', { body: failureBody(e), intent: 'error' });
    } finally {
      setProgress(undefined);
      const fresh = await mutate();
      if (fresh) onDone(fresh);
    }
  }

  return (
    <>
      <MessageBar intent="warning" aria-live="polite">
        <MessageBarBody>
          <MessageBarTitle>{progress ? 'Regenerating audio' : `${files} in other voices`}</MessageBarTitle>
          {progress ? (
            <ProgressBar value={progress.done / Math.max(1, progress.done + progress.remaining)} aria-label="Regeneration progress" />
          ) : (
            'Generated audio made before this voice change keeps its voice until regenerated. Uploaded audio is never changed.'
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
        text={`Each phrase group with generated audio is spoken again in the current voices, about ${Math.max(1, Math.ceil(n / GROUPS_PER_SECOND))} s at Polly's rate. Uploaded audio is not changed.`}
        confirmLabel="Regenerate"
        busyLabel="Regenerating..."
        onConfirm={() => void run()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
