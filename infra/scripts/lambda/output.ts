/**
 * How `npm run invoke` shows an invocation: the answer (an HTTP answer's status, headers and body:
 * JSON pretty-printed, HTML and other text shortened with its length; a job's return value), then
 * the function's logs, Powertools' JSON lines one readable line each.
 */
import { STATUS_CODES } from 'node:http';
import type { Invocation } from './run.js';

/** What an HTML or text body shows before it is cut (`--full` shows all). */
const TEXT_PREVIEW = 1500;

interface HttpAnswer {
  statusCode?: number;
  headers?: Record<string, unknown>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}
const isHttpAnswer = (v: unknown): v is HttpAnswer => typeof v === 'object' && v !== null && 'statusCode' in v;

/** An HTTP answer's status, headers (sorted) and body. */
export function formatHttpAnswer(answer: HttpAnswer, full: boolean): string {
  const status = answer.statusCode ?? 200;
  const headers = Object.entries(answer.headers ?? {})
    .map(([k, v]) => `${k.toLowerCase()}: ${String(v)}`)
    .sort();
  const cookies = (answer.cookies ?? []).map((c) => `set-cookie: ${c}`);
  const declared = Object.entries(answer.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const type = typeof declared === 'string' ? declared : '';
  return [`${status} ${STATUS_CODES[status] ?? ''}`.trim(), ...headers, ...cookies, '', formatBody(answer, type, full)].join('\n').trimEnd();
}

function formatBody({ body, isBase64Encoded }: HttpAnswer, type: string, full: boolean): string {
  if (!body) return '(no body)';
  if (isBase64Encoded) return `(${Buffer.from(body, 'base64').length} bytes, base64-encoded ${type || 'binary'})`;
  if (/json/.test(type)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      /* not JSON after all: shown as text */
    }
  }
  if (full || body.length <= TEXT_PREVIEW) return body;
  return `${body.slice(0, TEXT_PREVIEW)}\n… (${body.length.toLocaleString('en')} characters in all; --full shows the whole body)`;
}

/** The keys every Powertools line has: shown as its time, level and message, or not at all. */
const ROUTINE = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
  'xray_trace_id',
]);

/** One captured line: a Powertools record as `time LEVEL message {other keys}` with an error's stack below; anything else as it is. */
export function formatLogLine(line: string): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return `  ${line}`;
  }
  if (typeof record !== 'object' || record === null || !('level' in record) || !('message' in record)) return `  ${line}`;
  const r = record as Record<string, unknown>;
  const time = typeof r.timestamp === 'string' ? r.timestamp.slice(11, 23) : '';
  const stacks: string[] = [];
  const rest = Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => !ROUTINE.has(k))
      .map(([k, v]) => {
        const e = v as { name?: unknown; message?: unknown; stack?: unknown } | null;
        if (typeof e?.stack === 'string') {
          stacks.push(
            e.stack
              .split('\n')
              .slice(0, 8)
              .map((s) => `      ${s.trim()}`)
              .join('\n'),
          );
          return [k, `${String(e.name)}: ${String(e.message)}`];
        }
        return [k, v];
      }),
  );
  const extra = Object.keys(rest).length ? `  ${JSON.stringify(rest)}` : '';
  return [`  ${time} ${String(r.level).padEnd(5)} ${String(r.message)}${extra}`, ...stacks].join('\n');
}

const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : JSON.stringify(e));

/** The whole report of one invocation. */
export function formatInvocation(title: string, inv: Invocation, full: boolean): string {
  const parts = [`── ${title} · ${inv.ms.toFixed(0)} ms`];
  if (inv.error !== undefined) parts.push(`The handler threw (Lambda reports an Unhandled error):\n${errorText(inv.error)}`);
  else if (isHttpAnswer(inv.result)) parts.push(formatHttpAnswer(inv.result, full));
  else parts.push(inv.result === undefined ? 'Returned nothing.' : `Returned:\n${JSON.stringify(inv.result, null, 2)}`);
  parts.push(inv.logs.length ? `── logs (${inv.logs.length})\n${inv.logs.map(formatLogLine).join('\n')}` : '── no logs');
  return `${parts.join('\n\n')}\n`;
}

/** The HTTP status of what the handler returned, if it is an HTTP answer. */
export const statusOf = (inv: Invocation) => (isHttpAnswer(inv.result) ? (inv.result.statusCode ?? 200) : undefined);
