/** Icon of a level or lesson: a URL field (may stay empty) plus an image upload that fills it in. */
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { acceptOf } from '@shared/contracts/media';
import { FileUpload, iconTexts } from './FileUpload';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', flexWrap: 'wrap' },
  url: { flex: '1 1 220px', minWidth: 0 },
  // Level with the input (below its label) while side by side; flush once wrapped on phones.
  upload: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, paddingTop: '26px', '@media (max-width: 600px)': { paddingTop: 0 } },
  preview: { width: '48px', height: '48px', objectFit: 'contain', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

export function IconField(props: { kind: 'level-icon' | 'lesson-icon'; value: string; error?: string; onChange: (url: string) => void }) {
  const s = useStyles();
  return (
    <div className={s.row}>
      <Field className={s.url} label="Icon URL" validationMessage={props.error} hint="Optional: paste a link or upload an image (under 2MB)">
        <Input type="url" value={props.value} onChange={(_, d) => props.onChange(d.value)} placeholder="https://..." />
      </Field>
      <div className={s.upload}>
        <FileUpload kind={props.kind} accept={acceptOf(props.kind)} label="Upload Icon" texts={iconTexts} onUploaded={props.onChange} />
        {/^(https?:\/\/|\/media\/)/.test(props.value) && !props.error && <img src={props.value} alt="Icon preview" className={s.preview} />}
      </div>
    </div>
  );
}
