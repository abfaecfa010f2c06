/**
 * An editor's rights as form fields: the languages whose course they edit, and whether they may
 * publish blog posts (shared/roles.ts). Used by 'Make Editor' and by 'Invite'.
 */
import { Checkbox, Field, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useAdminLanguages } from '../../api/languages';

const useStyles = makeStyles({
  languages: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: tokens.spacingVerticalXS },
  // 44 px touch targets on phones.
  option: { minHeight: '44px', display: 'flex', alignItems: 'center' },
});

export function EditorRightsFields(props: {
  languages: string[];
  publishPosts: boolean;
  error?: string;
  onLanguages: (languages: string[]) => void;
  onPublishPosts: (on: boolean) => void;
}) {
  const s = useStyles();
  const all = useAdminLanguages();
  const chosen = props.languages;
  const toggle = (id: string, on: boolean) => props.onLanguages(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  return (
    <>
      <Field label="Languages" validationState={props.error ? 'error' : 'none'} validationMessage={props.error}>
        <div role="group" aria-label="Languages" className={s.languages}>
          {(all.data ?? []).map((l) => (
            <div key={l.id} className={s.option}>
              <Checkbox label={l.name} checked={chosen.includes(l.id)} onChange={(_, d) => toggle(l.id, !!d.checked)} />
            </div>
          ))}
        </div>
      </Field>
      <Switch label="May publish blog posts" checked={props.publishPosts} onChange={(_, d) => props.onPublishPosts(d.checked)} />
    </>
  );
}
