/**
 * The state of an admin form bound to a shared zod schema: its values, each field's first issue
 * (the contract's texts, the same as the API's 400s), the focus moved to the first invalid field,
 * the busy state and the submit of ./useSubmit.ts. ./SchemaForm.tsx has the dialog shell and the
 * fields that read it, so a dialog only declares its fields and what its submit sends.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { parseForm, type FormErrors } from './formErrors';
import { useSubmit, type Submission } from './useSubmit';

const nothing = () => undefined;

export function useSchemaForm<T extends object>(
  /** The values the form starts from. With `open`, memoise it: the form is reset to it whenever it changes while open. */
  initial: T,
  opts: {
    /** A dialog's open flag: each opening starts again from `initial` with no messages. */
    open?: boolean;
    /** After a successful `submit` (a dialog closes). */
    onDone?: () => void;
  } = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [working, setWorking] = useState(false);
  // Bumped when messages are shown: the effect below focuses the first invalid field once they render.
  const [focusAsked, setFocusAsked] = useState(0);
  const ref = useRef<HTMLFormElement>(null);

  const reset = useCallback((v: T) => {
    setValues(v);
    setErrors({});
  }, []);
  const { open } = opts;
  useEffect(() => {
    if (open) reset(initial);
  }, [open, initial, reset]);

  // Fluent's Field marks its control aria-invalid while it shows a message: the first one in the
  // form's order is the first invalid field, whatever control it is (input, select, checkbox).
  useEffect(() => {
    if (focusAsked) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusAsked]);

  const showErrors = useCallback((next: FormErrors) => {
    setErrors(next);
    setFocusAsked((n) => n + 1);
  }, []);

  /** Sets one field and clears its messages, its rows' too (the admin is fixing it). */
  const set = useCallback(<K extends keyof T>(k: K, v: T[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    const name = String(k);
    const mine = (key: string) => key === name || key.startsWith(`${name}.`);
    setErrors((prev) =>
      Object.keys(prev).some((key) => mine(key) && prev[key]) ? Object.fromEntries(Object.entries(prev).filter(([key]) => !mine(key))) : prev,
    );
  }, []);

  /** The parsed data, or undefined after showing each field's first issue (also given to `onInvalid`, e.g. for a toast). */
  function validate<S extends z.ZodType>(schema: S, onInvalid?: (errors: Record<string, string>) => void): z.output<S> | undefined {
    const r = parseForm(schema, values);
    if (r.ok) return r.data;
    showErrors(r.errors);
    onInvalid?.(r.errors);
    return undefined;
  }

  /** Puts a refused write's field errors (a 400's `fields`) under the fields; true when there were some. */
  function showServerErrors(e: unknown) {
    if (!(e instanceof ApiError) || !e.fields) return false;
    showErrors(e.fields);
    return true;
  }

  const submitter = useSubmit({ validate, showServerErrors }, opts.onDone ?? nothing);

  /** A submit of its own (an upload first, a parent's save): the same busy state for the actions. */
  async function run(work: () => Promise<unknown>) {
    setWorking(true);
    try {
      await work();
    } finally {
      setWorking(false);
    }
  }

  return {
    values,
    errors,
    set,
    reset,
    ref,
    busy: working || submitter.busy,
    validate,
    showErrors,
    showServerErrors,
    run,
    /** Validate with the submission's contract schema, send, toast, then `onDone` (./useSubmit.ts). */
    submit: <S extends z.ZodType, R>(e: FormEvent, submission: Submission<S, R>) => submitter.submit(e, submission),
  };
}

export type SchemaForm<T extends object> = ReturnType<typeof useSchemaForm<T>>;
