/**
 * /support: contact form (name, email, message). It works without script: it posts to /support and
 * the server answers with this page again, showing the outcome (the green notice, or the errors of
 * the shared schema beside the fields with what was typed). Its island (islands/support.ts)
 * validates inline and sends with fetch instead: 'Sending...', the notice, a toast on failure.
 */
import { Body1, Button, Card, Input, Label, makeStyles, MessageBar, MessageBarBody, Textarea, Title1, tokens } from '@fluentui/react-components';
import { ErrorCircle12Filled, MailRegular } from '@fluentui/react-icons';
import { MobileBack } from '../layout/MobileBack';
import { SUPPORT_EMAIL } from '../layout/contact';
import { usePostedForm } from '../ssr/posted';
import { ROOT, SUPPORT, attr } from '@shared/markup';
import { READING_COLUMN } from '../theme/styles';

const useStyles = makeStyles({
  page: READING_COLUMN,
  lead: { color: tokens.colorNeutralForeground2 },
  card: { padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // Text fields are touch targets of 44 px on phones; a field the schema refused has a red border.
  input: {
    '@media (max-width: 767px)': { minHeight: '44px' },
    ':has(> [aria-invalid="true"])': {
      borderTopColor: tokens.colorPaletteRedBorder2,
      borderRightColor: tokens.colorPaletteRedBorder2,
      borderBottomColor: tokens.colorPaletteRedBorder2,
      borderLeftColor: tokens.colorPaletteRedBorder2,
    },
  },
  error: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  submit: { alignSelf: 'flex-start', minWidth: '160px' },
  mail: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'message', label: 'Message' },
] as const;

export default function SupportPage() {
  const s = useStyles();
  const posted = usePostedForm();
  const sent = posted?.result?.ok === true;
  // After a sent message the form is empty again; after a refusal it keeps what was typed.
  const value = (name: string) => (sent ? '' : (posted?.values[name] ?? ''));
  const error = (name: string) => posted?.errors[name] ?? '';
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
        <form method="post" action="/support" className={s.form} noValidate aria-label="Contact form" {...attr(ROOT.island, 'support')}>
          {([true, false] as const).map((ok) => (
            // Multiline: the server's page has no script to measure it ('auto' stays one line and overflows at 390 px).
            <MessageBar
              key={String(ok)}
              layout="multiline"
              intent={ok ? 'success' : 'error'}
              role={ok ? 'status' : 'alert'}
              {...attr(SUPPORT.result, ok)}
              hidden={posted?.result?.ok !== ok}
            >
              <MessageBarBody {...attr(SUPPORT.text)}>{posted?.result?.ok === ok ? posted.result.text : ''}</MessageBarBody>
            </MessageBar>
          ))}
          {FIELDS.map((f) => {
            const id = `support-${f.name}`;
            const props = {
              id,
              name: f.name,
              required: true,
              defaultValue: value(f.name),
              'aria-invalid': !!error(f.name),
              'aria-describedby': `${id}-error`,
            };
            return (
              <div key={f.name} className={s.field}>
                <Label htmlFor={id} required>
                  {f.label}
                </Label>
                {f.name === 'message' ? (
                  <Textarea className={s.input} rows={6} resize="vertical" {...props} />
                ) : (
                  <Input className={s.input} type={f.type} autoComplete={f.autoComplete} {...props} />
                )}
                <div id={`${id}-error`} className={s.error} {...attr(SUPPORT.errorFor, f.name)} hidden={!error(f.name)}>
                  <ErrorCircle12Filled aria-hidden />
                  <span {...attr(SUPPORT.text)}>{error(f.name)}</span>
                </div>
              </div>
            );
          })}
          <Button type="submit" appearance="primary" className={s.submit}>
            Send Message
          </Button>
        </form>
      </Card>
    </div>
  );
}
