/**
 * The one submit of every admin form: validate with the shared zod schema (the contract's texts under
 * the fields), send, then the success toast and close; a refused write puts the API's field errors
 * back on the form and toasts the failure with the API's message below it. `busy` drives
 * 'Saving...' (FormActions).
 */
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useNotify } from '../../components/notify';
import { failureBody } from './failure';

/** What the submit needs of a form (./useSchemaForm.ts): check the values, and show a refused write's field errors. */
interface Form {
  validate: <S extends z.ZodType>(schema: S) => z.output<S> | undefined;
  showServerErrors: (e: unknown) => boolean;
}

export interface Submission<S extends z.ZodType, R> {
  schema: S;
  send: (data: z.infer<S>) => Promise<R>;
  /**
   * Toast titles ('Level added successfully' / 'Failed to add level'); `ok` may
   * be worded from what the API answered ('3 phrases added successfully').
   */
  ok: string | ((result: R) => string);
  failed: string;
}

export function useSubmit(form: Form, onDone: () => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function submit<S extends z.ZodType, R>(e: FormEvent, { schema, send, ok, failed }: Submission<S, R>) {
    e.preventDefault();
    const data = form.validate(schema);
    if (data === undefined) return;
    setBusy(true);
    try {
      const result = await send(data);
      notify(typeof ok === 'string' ? ok : ok(result));
      onDone();
    } catch (err) {
      form.showServerErrors(err);
      notify(failed, { body: failureBody(err), intent: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}
