/**
 * /support: contact form (name, email, message) validated by the shared schema (the API's texts).
 * Success: a green notice and the form cleared. Failure: a red notice with the error plus a toast;
 * what was typed stays in the form.
 */
import { Body1, Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Textarea, Title1, tokens } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { supportSchema } from '@shared/contracts/support';
import { ApiError } from '../api/client';
import { sendSupportMessage } from '../api/support';
import { useNotify } from '../components/notify';
import { useForm } from '../components/useForm';
import { MobileBack } from '../layout/MobileBack';
import { SUPPORT_EMAIL } from '../layout/contact';

const EMPTY = { name: '', email: '', message: '' };
export const SUPPORT_FALLBACK = 'An unexpected error occurred. Please try again later.';

const useStyles = makeStyles({
  page: { maxWidth: '720px', margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, '& h1, & h2, & h3, & p': { margin: 0 } },
  lead: { color: tokens.colorNeutralForeground2 },
  card: { padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { alignSelf: 'flex-start', minWidth: '160px' },
  mail: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // Text fields are touch targets of 44 px on phones.
  field: { '@media (max-width: 767px)': { minHeight: '44px' } },
});

export default function SupportPage() {
  const s = useStyles();
  const notify = useNotify();
  const form = useForm(EMPTY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = form.validate(supportSchema);
    if (!input) return;
    setBusy(true);
    setResult(undefined);
    try {
      await sendSupportMessage(input);
      form.reset(EMPTY);
      setResult({ ok: true, text: "Message sent successfully! We'll get back to you soon." });
    } catch (err) {
      console.error('Support message failed', err);
      form.showServerErrors(err);
      setResult({ ok: false, text: err instanceof ApiError && err.message ? err.message : SUPPORT_FALLBACK });
      notify('Failed to send message. Please try again.', { intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={s.page}>
      <MobileBack fallback="/" />
      <Title1 as="h1">Contact Support</Title1>
      <Body1 className={s.lead}>
        Questions about lessons, the app or your subscription? Send us a message and we will reply by e-mail. You can also write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={s.mail}>
          <MailRegular aria-hidden />
          {SUPPORT_EMAIL}
        </a>
        .
      </Body1>
      <Card className={s.card}>
        <form ref={form.adopt} className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Contact form">
          {result && (
            <MessageBar intent={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
              <MessageBarBody>{result.text}</MessageBarBody>
            </MessageBar>
          )}
          <Field label="Name" required validationMessage={form.errors.name}>
            <Input className={s.field} name="name" autoComplete="name" value={form.values.name} onChange={(_, d) => form.set('name', d.value)} />
          </Field>
          <Field label="Email" required validationMessage={form.errors.email}>
            <Input
              className={s.field}
              name="email"
              type="email"
              autoComplete="email"
              value={form.values.email}
              onChange={(_, d) => form.set('email', d.value)}
            />
          </Field>
          <Field label="Message" required validationMessage={form.errors.message}>
            <Textarea name="message" rows={6} resize="vertical" value={form.values.message} onChange={(_, d) => form.set('message', d.value)} />
          </Field>
          <Button type="submit" appearance="primary" className={s.submit} disabled={busy}>
            {busy ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
