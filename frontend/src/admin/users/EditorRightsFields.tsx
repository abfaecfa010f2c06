/**
 * An editor's rights as form fields: the languages whose course they edit, whether they may publish
 * blog posts (shared/roles.ts), and, in 'Editor rights', the languages they review (a 'Reviewer' box
 * beside each language they edit: docs/back-office.md "Reviews"). Used by 'Make Editor' and by 'Invite'.
 */
import { Checkbox, Field, FieldContextProvider, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useAdminLanguages } from '../../api/languages';

const useStyles = makeStyles({
  languages: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: tokens.spacingVerticalXS },
  // 44 px touch targets on phones.
  option: { minHeight: '44px', display: 'flex', alignItems: 'center', flexWrap: 'wrap' },
});

export function EditorRightsFields(props: {
  languages: string[];
  publishPosts: boolean;
  error?: string;
  onLanguages: (languages: string[]) => void;
  onPublishPosts: (on: boolean) => void;
  /** The languages they review, of those they edit (absent: not asked here). */
  reviews?: string[];
  onReviews?: (languages: string[]) => void;
}) {
  const s = useStyles();
  const all = useAdminLanguages();
  const chosen = props.languages;
  const reviews = props.reviews ?? [];
  const toggle = (id: string, on: boolean) => {
    props.onLanguages(on ? [...chosen, id] : chosen.filter((x) => x !== id));
    // A reviewer reviews only what they edit: a language taken away takes its review with it.
    if (!on && reviews.includes(id)) props.onReviews?.(reviews.filter((x) => x !== id));
  };
  const review = (id: string, on: boolean) => props.onReviews?.(on ? [...reviews, id] : reviews.filter((x) => x !== id));
  return (
    <>
      <Field label="Languages" validationState={props.error ? 'error' : 'none'} validationMessage={props.error}>
        {/* Each box is named by its own label: the Field's context would name them all by the whole group's text. */}
        <FieldContextProvider value={undefined}>
          <div role="group" aria-label="Languages" className={s.languages}>
            {(all.data ?? []).map((l) => (
              <div key={l.id} className={s.option}>
                <Checkbox label={l.name} checked={chosen.includes(l.id)} onChange={(_, d) => toggle(l.id, !!d.checked)} />
                {props.onReviews && (
                  <Checkbox
                    label="Reviewer"
                    aria-label={`Reviewer of ${l.name}`}
                    disabled={!chosen.includes(l.id)}
                    checked={reviews.includes(l.id)}
                    onChange={(_, d) => review(l.id, !!d.checked)}
                  />
                )}
              </div>
            ))}
          </div>
        </FieldContextProvider>
      </Field>
      <Switch label="May publish blog posts" checked={props.publishPosts} onChange={(_, d) => props.onPublishPosts(d.checked)} />
    </>
  );
}
