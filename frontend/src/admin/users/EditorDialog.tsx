/**
 * 'Make Editor' / 'Editor rights': the languages whose course a user may edit, and whether they may
 * publish blog posts (shared/roles.ts). The API checks both on every request, live.
 */
import { Button, Checkbox, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { PersonDeleteRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import { editorGrantSchema, type AdminUser, type EditorGrant } from '@shared/contracts/users';
import { useAdminLanguages } from '../../api/languages';
import { FormActions } from '../components/FormActions';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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
  const [chosen, setChosen] = useState<string[]>([]);
  const [publish, setPublish] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setChosen([...(user?.editor?.languages ?? [])]);
    setPublish(user?.editor?.publish_posts ?? false);
    setError(undefined);
  }, [user]);

  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    const r = editorGrantSchema.safeParse({ languages: chosen, publish_posts: publish });
    if (!r.success) return setError(r.error.issues[0]?.message);
    props.onSave(user, r.data);
  }

  return (
    <Dialog open={!!user} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{user?.editor ? 'Editor rights' : 'Make Editor'}</DialogTitle>
            <DialogContent className={s.form}>
              <p>
                {user?.email} will be able to draft, edit, preview, publish and schedule the course of these languages, and write blog posts. Users, settings,
                backups, the Trash and the activity log stay with administrators.
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
              <Switch label="May publish blog posts" checked={publish} onChange={(_, d) => setPublish(d.checked)} />
              {user?.editor && (
                <Button className={s.remove} icon={<PersonDeleteRegular />} disabled={props.busy} onClick={() => props.onRemove(user)}>
                  Remove Editor
                </Button>
              )}
            </DialogContent>
            <FormActions onCancel={props.onClose} busy={props.busy} busyLabel="Saving..." label={user?.editor ? 'Save Rights' : 'Make Editor'} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
