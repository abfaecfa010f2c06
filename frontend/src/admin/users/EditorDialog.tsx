/**
 * 'Make Editor' / 'Editor rights': the languages whose course a user may edit, and whether they may
 * publish blog posts (shared/roles.ts). The API checks both on every request, live.
 */
import { Button, Checkbox, Field, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { PersonDeleteRegular } from '@fluentui/react-icons';
import { useMemo, type FormEvent } from 'react';
import { editorGrantSchema, type AdminUser, type EditorGrant } from '@shared/contracts/users';
import { useAdminLanguages } from '../../api/languages';
import { messageOf } from '../components/formErrors';
import { FormDialog } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';

const useStyles = makeStyles({
  languages: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: tokens.spacingVerticalXS },
  // 44 px touch targets on phones.
  option: { minHeight: '44px', display: 'flex', alignItems: 'center' },
  remove: { alignSelf: 'flex-start', minHeight: '44px' },
});

export function EditorDialog(props: {
  user?: AdminUser;
  busy: boolean;
  onSave: (u: AdminUser, grant: EditorGrant) => void;
  onRemove: (u: AdminUser) => void;
  onClose: () => void;
}) {
  const { user } = props;
  const s = useStyles();
  const languages = useAdminLanguages();
  const initial = useMemo(() => ({ languages: [...(user?.editor?.languages ?? [])], publish_posts: user?.editor?.publish_posts ?? false }), [user]);
  const form = useSchemaForm(initial, { open: !!user });
  const { languages: chosen, publish_posts: publish } = form.values;
  const error = messageOf(form.errors, 'languages');

  const toggle = (id: string, on: boolean) => form.set('languages', on ? [...chosen, id] : chosen.filter((x) => x !== id));
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    const grant = form.validate(editorGrantSchema);
    if (grant) props.onSave(user, grant);
  }

  return (
    <FormDialog
      form={form}
      open={!!user}
      onClose={props.onClose}
      onSubmit={submit}
      busy={props.busy}
      title={user?.editor ? 'Editor rights' : 'Make Editor'}
      actions={{ busyLabel: 'Saving...', label: user?.editor ? 'Save Rights' : 'Make Editor' }}
    >
      <p>
        {user?.email} will be able to draft, edit, preview, publish and schedule the course of these languages, write blog posts, and restore what was deleted
        in them. Users, settings, backups and the activity log stay with administrators.
      </p>
      <Field label="Languages" validationState={error ? 'error' : 'none'} validationMessage={error}>
        <div role="group" aria-label="Languages" className={s.languages}>
          {(languages.data ?? []).map((l) => (
            <div key={l.id} className={s.option}>
              <Checkbox label={l.name} checked={chosen.includes(l.id)} onChange={(_, d) => toggle(l.id, !!d.checked)} />
            </div>
          ))}
        </div>
      </Field>
      <Switch label="May publish blog posts" checked={publish} onChange={(_, d) => form.set('publish_posts', d.checked)} />
      {user?.editor && (
        <Button className={s.remove} icon={<PersonDeleteRegular />} disabled={props.busy} onClick={() => props.onRemove(user)}>
          Remove Editor
        </Button>
      )}
    </FormDialog>
  );
}
