/** Pieces every settings tab uses: the save/upload runner with its inline alert, the form card, and an image picker. */
import {
  Body1,
  Button,
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { acceptOf, checkUpload, type UploadKind } from '@shared/contracts/media';
import type { SiteSettings } from '@shared/contracts/settings';
import { uploadFile } from '../../api/media';
import { saveSettings, type SettingsPatch } from '../../api/settings';
import { useNotify } from '../../components/notify';
import type { SchemaForm } from '../components/useSchemaForm';

export const useSettingsStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '860px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  preview: {
    display: 'block',
    alignSelf: 'flex-start',
    width: 'auto',
    maxWidth: '100%',
    maxHeight: '300px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/**
 * Runs a save or upload: busy flag, success toast, failure toast plus the inline destructive alert
 * (titled 'Error', or 'Upload Error'), fallback text when the error has no message.
 */
export function useSettingsAction(alertTitle: 'Error' | 'Upload Error' = 'Error') {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run(fn: () => Promise<unknown>, texts: { success: string; failure: string; fallback: string }) {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
      notify(texts.success);
      return true;
    } catch (e) {
      const message = (e instanceof Error && e.message) || texts.fallback;
      setError(message);
      notify(texts.failure, { body: message, intent: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }
  const alert = error ? (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{alertTitle}</MessageBarTitle>
        {error}
      </MessageBarBody>
    </MessageBar>
  ) : null;
  return { busy, run, alert, setError };
}

/**
 * A settings card's form (useSchemaForm's values): its heading, the save's inline alert, the fields
 * and the save button ('Saving...' while the save runs).
 */
export function SettingsForm<T extends object>(props: {
  form: SchemaForm<T>;
  action: ReturnType<typeof useSettingsAction>;
  title?: string;
  label: string;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  const s = useSettingsStyles();
  const { busy } = props.action;
  return (
    <Card className={s.card}>
      <form
        ref={props.form.ref}
        onSubmit={(e) => {
          e.preventDefault();
          void props.onSubmit();
        }}
        noValidate
        className={s.card}
        style={{ padding: 0 }}
      >
        {props.title && <Subtitle2 as="h3">{props.title}</Subtitle2>}
        {props.action.alert}
        {props.children}
        <div className={s.actions}>
          <Button appearance="primary" type="submit" disabled={busy}>
            {busy ? 'Saving...' : props.label}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Saves a patch with the version read, so a stale tab gets 409 instead of overwriting. */
export const save = (settings: SiteSettings, patch: SettingsPatch) => saveSettings(patch, settings.version ?? 0);

/** Uploads an image (images only) and stores its URL in one settings field. */
export async function uploadSetting(settings: SiteSettings, kind: UploadKind, file: File, field: keyof SettingsPatch, onProgress: (f: number) => void) {
  const problem = checkUpload(kind, file);
  if (problem) throw new Error(problem);
  const url = await uploadFile(kind, file, onProgress);
  await save(settings, { [field]: url });
  return url;
}

/** A labelled file button with a progress bar; the caller does the upload. */
export function ImagePicker(props: {
  kind: UploadKind;
  label: string;
  hint?: string;
  busy: boolean;
  progress?: number;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file picked again must fire change again
    if (file) props.onFile(file);
  }
  return (
    <Field hint={props.hint}>
      <input ref={input} type="file" accept={acceptOf(props.kind)} hidden onChange={onChange} tabIndex={-1} aria-hidden />
      <div>
        <Button icon={<ArrowUploadRegular />} disabled={props.busy || props.disabled} onClick={() => input.current?.click()}>
          {props.busy ? 'Uploading...' : props.label}
        </Button>
      </div>
      {props.busy && props.progress !== undefined && <ProgressBar value={props.progress} aria-label="Upload progress" style={{ marginTop: 8 }} />}
    </Field>
  );
}

/**
 * A settings image saved as soon as it is uploaded (the app screenshot, the hero image): its heading,
 * the current image or an empty text, the upload error alert and the picker.
 */
export function SettingImageCard(props: {
  settings: SiteSettings;
  kind: UploadKind;
  field: 'app_screenshot' | 'hero_image';
  title: string;
  alt: string;
  empty: string;
  label: string;
  hint: string;
  texts: { success: string; failure: string; fallback: string };
}) {
  const s = useSettingsStyles();
  const upload = useSettingsAction();
  const [progress, setProgress] = useState<number>();
  const image = props.settings[props.field];
  function onFile(file: File) {
    setProgress(0);
    void upload.run(() => uploadSetting(props.settings, props.kind, file, props.field, setProgress), props.texts);
  }
  return (
    <Card className={s.card}>
      <Subtitle2 as="h3">{props.title}</Subtitle2>
      {upload.alert}
      {image ? <img src={image} alt={props.alt} className={s.preview} /> : <Body1>{props.empty}</Body1>}
      <ImagePicker kind={props.kind} label={props.label} hint={props.hint} busy={upload.busy} progress={progress} onFile={onFile} />
    </Card>
  );
}
