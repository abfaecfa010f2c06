/** Admin Access: a warning, 'Make Myself Admin', and granting admin rights by e-mail. */
import { Body1, Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Subtitle2 } from '@fluentui/react-components';
import { PersonAddRegular, ShieldPersonRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { grantAdminSchema } from '@shared/contracts/users';
import { grantAdminByEmail, makeMeAdmin } from '../../api/users';
import { useAuth } from '../../auth/AuthContext';
import { useNotify } from '../../components/notify';
import { TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { useSettingsStyles } from './shared';

export function AdminAccessTab() {
  const s = useSettingsStyles();
  const notify = useNotify();
  const { user } = useAuth();
  const form = useSchemaForm({ email: '' });
  const [busy, setBusy] = useState<'me' | 'grant'>();

  async function onMakeMe() {
    if (!user) return notify('You need to be logged in to make yourself an admin', { intent: 'error' });
    setBusy('me');
    try {
      await makeMeAdmin();
      notify('You have been granted admin privileges! Please refresh the page to see the changes.');
    } catch (e) {
      notify(`Failed to add admin: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  async function onGrant(e: FormEvent) {
    e.preventDefault();
    // The message shows under the field and in a toast.
    const data = form.validate(grantAdminSchema, (errors) => notify(errors.email, { intent: 'error' }));
    if (!data) return;
    setBusy('grant');
    try {
      await grantAdminByEmail(data.email);
      notify(`User ${data.email} has been granted admin privileges`);
      form.reset({ email: '' });
    } catch (err) {
      notify(`Failed to add admin: ${(err as Error).message}`, { intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className={s.form}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Admin privileges give full access</MessageBarTitle>
          Administrators can change all content, users and site settings. Only grant admin rights to people you trust.
        </MessageBarBody>
      </MessageBar>
      <Card className={s.card}>
        <Subtitle2 as="h3">Make Myself Admin</Subtitle2>
        <Body1>Grant admin privileges to the account you are signed in with{user?.email ? ` (${user.email})` : ''}.</Body1>
        <div>
          <Button appearance="primary" icon={<ShieldPersonRegular />} disabled={busy === 'me'} onClick={() => void onMakeMe()}>
            {busy === 'me' ? 'Saving...' : 'Make Myself Admin'}
          </Button>
        </div>
      </Card>
      <Card className={s.card}>
        <form ref={form.ref} onSubmit={(e) => void onGrant(e)} noValidate className={s.card} style={{ padding: 0 }}>
          <Subtitle2 as="h3">Grant Admin Access</Subtitle2>
          <Body1>The user must already have an account.</Body1>
          <TextField form={form} name="email" label="Email address" type="email" placeholder="user@example.com" />
          <div>
            <Button appearance="primary" type="submit" icon={<PersonAddRegular />} disabled={busy === 'grant'}>
              {busy === 'grant' ? 'Saving...' : 'Grant Admin Access'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
