/**
 * 'Make Editor' / 'Editor rights': the languages whose course a user may edit, and whether they may
 * publish blog posts (shared/roles.ts). The API checks both on every request, live.
 */
import { Button, Caption1, makeStyles } from '@fluentui/react-components';
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
  const initial = useMemo(
    () => ({
      languages: [...(user?.editor?.languages ?? [])],
      publish_posts: user?.editor?.publish_posts ?? false,
      reviews: [...(user?.editor?.reviews ?? [])],
    }),
    [user],
  );
  const form = useSchemaForm(initial, { open: !!user });
  const { languages: chosen, publish_posts: publish, reviews } = form.values;
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
        in them; as a reviewer, approve their drafts. Users, settings, backups and the activity log stay with administrators.
      </p>
      <EditorRightsFields
        languages={chosen}
        publishPosts={publish}
        error={error}
        onLanguages={(l) => form.set('languages', l)}
        onPublishPosts={(on) => form.set('publish_posts', on)}
        reviews={reviews}
        onReviews={(l) => form.set('reviews', l)}
      />
      <Caption1>
        A reviewer approves the drafts of a language before they are published (Reviews); while a language has one, every draft of it waits for an approval.
      </Caption1>
      {user?.editor && (
        <Button className={s.remove} icon={<PersonDeleteRegular />} disabled={props.busy} onClick={() => props.onRemove(user)}>
          Remove Editor
        </Button>
      )}
    </FormDialog>
  );
}
