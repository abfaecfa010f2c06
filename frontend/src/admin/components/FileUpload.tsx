/**
 * A button that picks one file, checks it, uploads it straight to storage with a progress bar and
 * hands back its public URL. The progress texts are the caller's: icon and audio uploads are
 * worded differently ('Uploading icon...', 'Uploading audio file...').
 */
import { Button, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { checkUpload, type UploadKind } from '@shared/contracts/media';
import { uploadFile } from '../../api/media';
import { useNotify } from '../../components/notify';

export interface UploadTexts {
  uploading: string;
  done: string;
  /** Failure toast: a title, and a description when the failure text has one of its own. */
  failed(message: string): { title: string; body?: string };
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  input: { display: 'none' },
  bar: { width: '100%' },
});

export function FileUpload(props: {
  kind: UploadKind;
  accept: string;
  label: string;
  texts: UploadTexts;
  onUploaded: (url: string) => void;
  disabled?: boolean;
}) {
  const s = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const uploading = progress !== undefined;

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // picking the same file again must fire change again
    if (!file) return;
    // Same checks (and texts) as the server's upload policy.
    const problem = checkUpload(props.kind, file);
    if (problem) return notify(problem, { intent: 'error' });
    setProgress(0);
    notify(props.texts.uploading, { intent: 'info' });
    try {
      const url = await uploadFile(props.kind, file, (fraction: number) => setProgress(fraction));
      props.onUploaded(url);
      notify(props.texts.done);
    } catch (err) {
      const { title, body } = props.texts.failed((err as Error).message);
      notify(title, { body, intent: 'error' });
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <div className={s.root}>
      <input ref={input} type="file" accept={props.accept} className={s.input} onChange={(e) => void onFile(e)} tabIndex={-1} aria-hidden />
      <Button icon={<ArrowUploadRegular />} disabled={uploading || props.disabled} onClick={() => input.current?.click()}>
        {uploading ? 'Uploading...' : props.label}
      </Button>
      {uploading && <ProgressBar className={s.bar} value={progress} max={1} aria-label={`${props.label} progress`} thickness="large" />}
    </div>
  );
}

/** Icon uploads (images only, under 2 MB: checked by checkUpload). */
export const iconTexts: UploadTexts = {
  uploading: 'Uploading icon...',
  done: 'Icon uploaded successfully',
  failed: (message) => ({ title: 'Failed to upload icon', body: message }),
};

/** Audio uploads (audio MIME types only). */
export const audioTexts: UploadTexts = {
  uploading: 'Uploading audio file...',
  done: 'Audio file uploaded successfully',
  failed: (message) => ({ title: `Failed to upload audio file: ${message}` }),
};
