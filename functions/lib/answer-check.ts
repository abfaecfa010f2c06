/**
 * The contract check of answers (config.checkAnswers: the twin and the tests): a success must be what
 * its route's `response` schema says, no field more or less. The router (./http.ts) runs it.
 */
import * as z from 'zod';
import { routeKey, type RouteDef } from '../routes.js';

/**
 * A success must be what the route's contract says, no field more or less (a field the schema would
 * strip is a leak: a storage key, a token). The twin and the tests turn this on: drift is a 500 there.
 */
export function checkAnswer(route: RouteDef, answer: unknown, status: number) {
  if (status >= 300) return;
  const problem =
    status === 204 || !route.response
      ? answer === undefined
        ? undefined
        : 'an answer the route table does not declare'
      : contractProblem(route.response, answer);
  if (problem) throw new Error(`${routeKey(route)} answered outside its contract: ${problem}`);
}
function contractProblem(schema: z.ZodType, answer: unknown): string | undefined {
  const r = schema.safeParse(answer);
  if (!r.success) return z.prettifyError(r.error);
  const extra = extraFields(answer, r.data, '');
  return extra.length ? `fields the contract does not have: ${extra.slice(0, 5).join(', ')}` : undefined;
}
/** Paths of `sent` that the parsed copy no longer has (zod drops unknown keys instead of failing). */
function extraFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => extraFields(v, kept[i], `${at}[${i}]`));
  if (!sent || !kept || typeof sent !== 'object' || typeof kept !== 'object') return [];
  return Object.entries(sent).flatMap(([k, v]) =>
    k in kept ? extraFields(v, (kept as Record<string, unknown>)[k], at ? `${at}.${k}` : k) : [at ? `${at}.${k}` : k],
  );
}
