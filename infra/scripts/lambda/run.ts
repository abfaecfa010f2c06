/**
 * One invocation of a function's handler in this process, as the Lambda runtime makes it: the
 * module loaded (its init), then `handler(event, context)`. What the function writes to stdout and
 * stderr meanwhile (Powertools' JSON log lines, anything else) is captured, as CloudWatch Logs
 * would receive it, instead of mixing with the answer.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lambdaContext } from '../../../functions/lib/events.js';
import { ROOT } from '../../twin/twin.js';

export interface Invocation {
  /** What the handler returned (when it did not throw). */
  result?: unknown;
  /** What it threw, or its module's init. */
  error?: unknown;
  /** Its output, line by line: init first, then the call. */
  logs: string[];
  /** The call's duration (the init's not included, as Lambda's Duration). */
  ms: number;
}

/** Captures both streams until the returned function is called; it puts them back and gives the lines. */
function captureOutput(): () => string[] {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr];
  // Usually the prototype's write; an own one (a test runner's) is put back as it was.
  const own = streams.map((s) => Object.getOwnPropertyDescriptor(s, 'write'));
  for (const stream of streams) {
    stream.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };
  }
  return () => {
    streams.forEach((s, i) => {
      const descriptor = own[i];
      if (descriptor) Object.defineProperty(s, 'write', descriptor);
      else delete (s as { write?: unknown }).write;
    });
    return chunks
      .join('')
      .split('\n')
      .filter((line) => line.trim());
  };
}

/** Loads `entry` (from the repository's root) and calls its `handler` with `event`. */
export async function invokeHandler(entry: string, functionName: string, event: unknown): Promise<Invocation> {
  const stop = captureOutput();
  const out: Omit<Invocation, 'logs'> = { ms: 0 };
  try {
    const mod = (await import(pathToFileURL(path.join(ROOT, entry)).href)) as { handler?: unknown };
    if (typeof mod.handler !== 'function') throw new Error(`${entry} exports no handler function`);
    const handler = mod.handler as (e: unknown, c: unknown) => Promise<unknown>;
    const start = performance.now();
    try {
      out.result = await handler(event, lambdaContext(functionName, randomUUID()));
    } finally {
      out.ms = performance.now() - start;
    }
  } catch (error) {
    out.error = error;
  }
  return { ...out, logs: stop() };
}
