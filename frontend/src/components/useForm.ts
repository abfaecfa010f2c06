/** Minimal form state validated by a shared zod schema: the same texts as the API's 400s. */
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@shared/contracts/common';
import { ApiError } from '../api/client';

export function useForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof T>(k: K, v: T[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k as string]: '' }));
  };
  /** Returns parsed data, or undefined after showing the field errors (also given to `onInvalid`, e.g. for a toast). */
  function validate<S extends z.ZodType>(schema: S, onInvalid?: (errors: Record<string, string>) => void): z.infer<S> | undefined {
    const r = schema.safeParse(values);
    if (r.success) return r.data;
    const errors = fieldErrors(r.error);
    setErrors(errors);
    onInvalid?.(errors);
    return undefined;
  }
  /** Shows a server's 400 field errors on the form; returns true when it did. */
  function showServerErrors(e: unknown) {
    if (e instanceof ApiError && e.fields) {
      setErrors(e.fields);
      return true;
    }
    return false;
  }
  // Stable, so a dialog's open effect can list it as a dependency.
  const reset = useCallback((v: T) => {
    setValues(v);
    setErrors({});
  }, []);
  return { values, errors, set, validate, showServerErrors, reset };
}
