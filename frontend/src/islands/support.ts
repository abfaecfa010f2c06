/**
 * The support form's island (markup: pages/SupportPage.tsx). Without it the form posts to /support
 * and the server answers with the page (the result, or the errors beside the fields, with what was
 * typed). With it the same schema validates inline and the message goes by fetch; the fields are
 * the page's own inputs, so whatever was typed before this loaded is simply there.
 */
import { fieldErrors } from '@shared/contracts/common';
import { SUPPORT_FALLBACK_TEXT, SUPPORT_SENT_TEXT, SUPPORT_TOAST_TEXT, supportSchema } from '@shared/contracts/support';
import { ApiError } from '../api/client';
import { sendSupportMessage } from '../api/support';
import { setText, type Mount } from './dom';
import { toast } from './toast';
import { ROOT, SUPPORT, sel } from '@shared/markup';

const FIELDS = ['name', 'email', 'message'] as const;

export const mount: Mount = (form) => {
  if (!(form instanceof HTMLFormElement) || form.hasAttribute(ROOT.mounted)) return;
  form.setAttribute(ROOT.mounted, '');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;

  const showErrors = (errors: Record<string, string>) => {
    for (const name of FIELDS) {
      const input = field(name);
      const out = form.querySelector<HTMLElement>(sel(SUPPORT.errorFor, name));
      if (!input || !out) continue;
      const text = errors[name] ?? '';
      out.hidden = !text;
      setText(out, sel(SUPPORT.text), text);
      input.setAttribute('aria-invalid', String(!!text));
    }
  };
  const showResult = (ok: boolean | undefined, text = '') => {
    form.querySelectorAll<HTMLElement>(sel(SUPPORT.result)).forEach((bar) => {
      bar.hidden = ok === undefined || bar.getAttribute(SUPPORT.result) !== String(ok);
      setText(bar, sel(SUPPORT.text), bar.hidden ? '' : text);
    });
  };

  // Typing in a field clears its error, as the app's forms do.
  form.addEventListener('input', (e) => {
    const name = (e.target as HTMLInputElement).name;
    if (name) showErrors({ ...currentErrors(), [name]: '' });
  });
  const currentErrors = () =>
    Object.fromEntries(
      FIELDS.map((n) => [n, form.querySelector<HTMLElement>(`${sel(SUPPORT.errorFor, n)}:not([hidden]) ${sel(SUPPORT.text)}`)?.textContent ?? '']),
    );

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const values = Object.fromEntries(FIELDS.map((n) => [n, field(n)?.value ?? '']));
    const parsed = supportSchema.safeParse(values);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    showErrors({});
    showResult(undefined);
    if (submit) {
      submit.disabled = true;
      submit.textContent = 'Sending...';
    }
    sendSupportMessage(parsed.data)
      .then(() => {
        form.reset();
        FIELDS.forEach((n) => {
          const f = field(n);
          if (f) f.value = '';
        });
        showResult(true, SUPPORT_SENT_TEXT);
      })
      .catch((err: unknown) => {
        console.error('Support message failed', err);
        if (err instanceof ApiError && err.fields) showErrors(err.fields);
        showResult(false, err instanceof ApiError && err.message ? err.message : SUPPORT_FALLBACK_TEXT);
        toast(SUPPORT_TOAST_TEXT, { intent: 'error' });
      })
      .finally(() => {
        if (submit) {
          submit.disabled = false;
          submit.textContent = 'Send Message';
        }
      });
  });
};
