/**
 * /auth: administrator sign-in. Public registration is disabled; a non-admin who signs in is
 * signed out at once. An already signed-in visitor goes on to /admin (or where they came from).
 * Cognito may ask for one more step: a new password (an administrator created with a temporary
 * one), or a code from an authenticator app (TOTP MFA), which is set up on first sign-in.
 */
import { Body1, Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { roleOf } from '@shared/roles';
import { PASSWORD_RULES_TEXT, passwordProblem } from '@shared/invitation';
import { useAuth } from '../auth/AuthContext';
import type { SessionUser, SignInStep } from '../auth/amplify';
import { useNotify } from '../components/notify';
import { pages } from '@shared/urls';

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
  const { status, signIn, continueSignIn, signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? pages.admin;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string; answer?: string }>({});
  const [pending, setPending] = useState<Exclude<SignInStep, { step: 'done' }>>();
  const [answer, setAnswer] = useState('');

  if (status === 'signedIn' && !busy) return <Navigate to={from} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { email: email.trim() ? undefined : 'Required', password: password ? undefined : 'Required' };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      await settle(await signIn(email.trim(), password));
    } catch (err) {
      console.error('Sign-in failed', err);
      notify('Error signing in', { body: (err as Error).message, intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  /** Answers the extra step (new password or authenticator code). */
  async function onAnswer(e: FormEvent) {
    e.preventDefault();
    if (!answer.trim()) return setErrors({ answer: 'Required' });
    // The pool's policy, checked before Cognito is asked (it would refuse the same password).
    const weak = pending?.step === 'newPassword' ? passwordProblem(answer) : undefined;
    if (weak) return setErrors({ answer: weak });
    setErrors({});
    setBusy(true);
    try {
      await settle(await continueSignIn(pending?.step === 'newPassword' ? answer : answer.trim()));
    } catch (err) {
      notify('Error signing in', { body: (err as Error).message, intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  /** Another step to show, or a session: an administrator or editor goes on, anyone else is signed out. */
  async function settle(result: SessionUser | Exclude<SignInStep, { step: 'done' }>) {
    if ('step' in result) {
      setPending(result);
      setAnswer('');
      return;
    }
    setPending(undefined);
    // Editors (shared/roles.ts) sign in here too; learners sign in through the app.
    if (roleOf(result.groups).role === 'learner') {
      await signOut();
      notify('Access denied', { body: 'Only administrators can sign in.', intent: 'error' });
      return;
    }
    notify('Welcome back!', { body: "You've successfully signed in." });
    void navigate(from, { replace: true });
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
        {pending ? (
          <form className={s.form} onSubmit={(e) => void onAnswer(e)} noValidate>
            <Subtitle2 as="h2">{pending.step === 'newPassword' ? 'Choose a new password' : 'Two-step verification'}</Subtitle2>
            {pending.step === 'newPassword' && (
              <Body1>You signed in with a temporary password (from your invitation). Choose your own to continue ({PASSWORD_RULES_TEXT}).</Body1>
            )}
            {pending.step === 'totpSetup' && (
              <Body1>
                Add this account to your authenticator app (scan or paste the key), then enter the 6-digit code it shows. Key:{' '}
                <code data-testid="totp-secret">{pending.secret}</code>
              </Body1>
            )}
            {pending.step === 'totpCode' && <Body1>Enter the 6-digit code from your authenticator app.</Body1>}
            <TextField
              {...(pending.step === 'newPassword'
                ? { label: 'New password', type: 'password', autoComplete: 'new-password' }
                : { label: 'Authenticator code', inputMode: 'numeric', autoComplete: 'one-time-code' })}
              value={answer}
              onChange={setAnswer}
              error={errors.answer}
            />
            <SubmitButton busy={busy} label="Continue" />
          </form>
        ) : (
          <form className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate>
            <Subtitle2 as="h2">Sign in</Subtitle2>
            <TextField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
            <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} />
            <SubmitButton busy={busy} label="Administrator Sign In" />
          </form>
        )}
        <div className={s.back}>
          <Link to={pages.home}>Return to homepage</Link>
        </div>
      </Card>
    </div>
  );
}

/** A required field of the sign-in forms. */
function TextField(props: {
  label: string;
  type?: 'email' | 'password';
  inputMode?: 'numeric';
  autoComplete: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Field label={props.label} required validationMessage={props.error}>
      <Input type={props.type} inputMode={props.inputMode} autoComplete={props.autoComplete} value={props.value} onChange={(_, d) => props.onChange(d.value)} />
    </Field>
  );
}

function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button appearance="primary" type="submit" disabled={busy}>
      {busy ? 'Signing In...' : label}
    </Button>
  );
}
