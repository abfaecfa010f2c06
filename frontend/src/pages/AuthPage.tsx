/**
 * /auth: administrator sign-in. Public registration is disabled; a non-admin who signs in is
 * signed out at once. An already signed-in visitor goes on to /admin (or where they came from).
 */
import { Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/notify';

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', padding: `${tokens.spacingVerticalXXL} 0` },
  card: { width: '100%', maxWidth: '420px', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
  icon: { fontSize: '40px', color: tokens.colorBrandForeground1, alignSelf: 'center' },
  title: { textAlign: 'center' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  back: { textAlign: 'center' },
});

export default function AuthPage() {
  const s = useStyles();
  const { status, signIn, signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/admin';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  if (status === 'signedIn' && !busy) return <Navigate to={from} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { email: email.trim() ? undefined : 'Required', password: password ? undefined : 'Required' };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const user = await signIn(email.trim(), password);
      if (!user.groups.includes('admins')) {
        await signOut();
        notify('Access denied', { body: 'Only administrators can sign in.', intent: 'error' });
        return;
      }
      notify('Welcome back!', { body: "You've successfully signed in." });
      navigate(from, { replace: true });
    } catch (err) {
      console.error('Sign-in failed', err);
      notify('Error signing in', { body: (err as Error).message, intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={s.wrap}>
      <Card className={s.card}>
        <LockClosedRegular className={s.icon} aria-hidden />
        <Title2 as="h1" className={s.title}>
          Administrator Access Only
        </Title2>
        <MessageBar intent="warning">
          <MessageBarBody>Public registration is disabled. Only pre-authorized administrators can sign in.</MessageBarBody>
        </MessageBar>
        <form className={s.form} onSubmit={onSubmit} noValidate>
          <Subtitle2 as="h2">Sign in</Subtitle2>
          <Field label="Email" required validationMessage={errors.email}>
            <Input type="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
          </Field>
          <Field label="Password" required validationMessage={errors.password}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            {busy ? 'Signing In...' : 'Administrator Sign In'}
          </Button>
        </form>
        <div className={s.back}>
          <Link to="/">Return to homepage</Link>
        </div>
      </Card>
    </div>
  );
}
