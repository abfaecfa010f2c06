/**
 * 'Make Editor' / 'Editor rights': the languages whose course a user may edit, and whether they may
 * publish blog posts (shared/roles.ts). The API checks both on every request, live.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { PersonDeleteRegular } from '@fluentui/react-icons';
import { useMemo, type FormEvent } from 'react';
import { editorGrantSchema, type AdminUser, type EditorGrant } from '@shared/contracts/users';
import { messageOf } from '../components/formErrors';
import { FormDialog } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { EditorRightsFields } from './EditorRightsFields';

const useStyles = makeStyles({
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
  const initial = useMemo(() => ({ languages: [...(user?.editor?.languages ?? [])], publish_posts: user?.editor?.publish_posts ?? false }), [user]);
  const form = useSchemaForm(initial, { open: !!user });
  const { languages: chosen, publish_posts: publish } = form.values;
  const error = messageOf(form.errors, 'languages');

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
      <EditorRightsFields
        languages={chosen}
        publishPosts={publish}
        error={error}
        onLanguages={(l) => form.set('languages', l)}
        onPublishPosts={(on) => form.set('publish_posts', on)}
      />
      {user?.editor && (
        <Button className={s.remove} icon={<PersonDeleteRegular />} disabled={props.busy} onClick={() => props.onRemove(user)}>
          Remove Editor
        </Button>
      )}
    </FormDialog>
  );
}
