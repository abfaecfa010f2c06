/**
 * The blog post's featured image: the file chosen (uploaded only when the post is saved), its local
 * preview, and the field with its picker, the preview and the upload's progress.
 */
import { Button, Field, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { acceptOf, checkUpload } from '@shared/contracts/media';
import { useNotify } from '../../components/notify';

const useStyles = makeStyles({
  image: {
    display: 'block',
    alignSelf: 'flex-start',
    maxWidth: '100%',
    maxHeight: '200px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  fileRow: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  fileName: { color: tokens.colorNeutralForeground2, wordBreak: 'break-all' },
});

/** The chosen file and its local preview URL, released when the file changes. */
export function useFeaturedImage() {
  const notify = useNotify();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const problem = checkUpload('blog-image', f);
    if (problem) return notify(problem, { intent: 'error' });
    setFile(f);
  }
  return { file, preview, onFile, setFile };
}

/** The picker, the file's name, the image shown (the new file's, else the post's) and the upload's progress. */
export function FeaturedImageField(props: {
  picked: ReturnType<typeof useFeaturedImage>;
  /** The image shown: the new file's preview, else the post's current one. */
  image?: string;
  busy: boolean;
  uploading: boolean;
  progress: number;
}) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const { file, onFile } = props.picked;
  return (
    <>
      <Field label="Featured image" hint="Recommended size: 1200x630 pixels.">
        <div className={s.fileRow}>
          <input
            ref={input}
            type="file"
            accept={acceptOf('blog-image')}
            hidden
            onChange={onFile}
            tabIndex={-1}
            aria-hidden
            data-testid="featured-image-input"
          />
          <Button icon={<ArrowUploadRegular />} disabled={props.busy} onClick={() => input.current?.click()}>
            {props.image ? 'Change Image' : 'Choose Image'}
          </Button>
          {file && <span className={s.fileName}>{file.name}</span>}
        </div>
      </Field>
      {props.image && <img src={props.image} alt="Post cover preview" className={s.image} />}
      {props.uploading && <ProgressBar value={props.progress} aria-label="Image upload progress" />}
    </>
  );
}
