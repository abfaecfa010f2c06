/**
 * The pure part of the admin forms (useSchemaForm.ts): a zod result turned into one message per
 * field. Kept apart from React so a unit test can check it without a DOM.
 */
import type { z } from 'zod';

/** One message per field: the field's first zod issue, in the contract's own words. */
export type FormErrors = Partial<Record<string, string>>;

/**
 * Each field's first issue, keyed by the issue's first path segment (zod 4: `issue.path`, e.g.
 * `['languages', 2]` for one entry of a list belongs to the `languages` field); an issue about the
 * whole object (empty path) is kept under '_'. An issue deeper in a list is also kept under its
 * whole path, as the API's 400s name it (`phrases.2.speech_text`), for a form that shows it on its row.
 */
export function firstIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    out[key] ??= issue.message;
    if (issue.path.length > 1) out[issue.path.join('.')] ??= issue.message;
  }
  return out;
}

/** Parses a form's values with a contract schema: the parsed data, or the messages to show. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: firstIssues(r.error) };
}

/** The field's message for Fluent's `validationMessage`: none (not an empty one) once it was cleared. */
export const messageOf = (errors: FormErrors, name: string) => errors[name] || undefined;
