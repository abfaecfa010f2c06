/** The account card of /profile: avatar (initials when there is no picture), editable username, e-mail, sign out. */
import { Avatar, Button, Card, Field, Input, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrors } from '@shared/contracts/common';
import { profileUpdateSchema } from '@shared/contracts/me';
import { updateProfile, useProfile } from '../../api/me';
import { useSignOut } from '../../auth/useSignOut';
import { useNotify } from '../../components/notify';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, minWidth: 0 },
  name: { margin: 0, overflowWrap: 'anywhere' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export function AccountCard({ email }: { email: string }) {
  const s = useStyles();
  const notify = useNotify();
  const signOut = useSignOut();
  const { data: profile } = useProfile();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The stored name fills the field once it arrives (and after a save).
  useEffect(() => {
    if (profile) setUsername(profile.username);
  }, [profile]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = profileUpdateSchema.safeParse({ username });
    if (!parsed.success) return setError(fieldErrors(parsed.error).username);
    setError(undefined);
    setBusy(true);
    try {
      await updateProfile(parsed.data);
      notify('Profile updated');
    } catch (err) {
      notify('Error updating profile', { body: (err as Error).message, intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const shown = profile?.username || email.split('@')[0];
  return (
    <Card className={s.card}>
      <div className={s.who}>
        <Avatar size={64} name={shown} image={profile?.avatar_url ? { src: profile.avatar_url, alt: '' } : undefined} color="colorful" aria-hidden />
        <Subtitle1 as="h2" className={s.name}>
          {shown}
        </Subtitle1>
      </div>
      <form className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field label="Username" validationMessage={error}>
          <Input value={username} onChange={(_, d) => setUsername(d.value)} disabled={!profile} maxLength={60} autoComplete="nickname" />
        </Field>
        <Field label="Email" hint="Your sign-in address cannot be changed here.">
          <Input value={email} readOnly type="email" />
        </Field>
        <div className={s.actions}>
          <Button appearance="primary" type="submit" disabled={busy || !profile}>
            {busy ? 'Saving...' : 'Update Profile'}
          </Button>
          <Button icon={<SignOutRegular />} onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
      </form>
    </Card>
  );
}
