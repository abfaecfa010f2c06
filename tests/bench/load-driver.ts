/**
 * The load generator of `npm run bench:load`, in a process of its own (forked by tests/bench/load.ts)
 * so that sending requests and timing them never waits behind the twin's event loop. It takes one
 * step at a time over IPC (a target, the paths to cycle through, a number of connections and a
 * duration), drives it with autocannon and answers with the step's figures. Not run by hand.
 */
import autocannon from 'autocannon';

export interface Step {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface StepResult {
  connections: number;
  seconds: number;
  /** Responses received, whatever their status. */
  responses: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** 4xx and 5xx answers. */
  httpErrors: number;
  /** Connection errors and timeouts: requests that got no answer. */
  socketErrors: number;
  /** (httpErrors + socketErrors) / (responses + socketErrors). */
  errorRate: number;
}

/** The value below which a share q of the sorted samples fall. */
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

export function drive(step: Step): Promise<StepResult> {
  // autocannon's histogram has p90 and p97.5, not p95: every response time is kept and sorted here.
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: step.url,
        connections: step.connections,
        duration: step.seconds,
        headers: step.headers,
        // Each connection cycles through the paths, one request at a time (no pipelining), as browsers do.
        requests: step.paths.map((path) => ({ method: 'GET', path })),
        timeout: 10,
      },
      (err, r) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        times.sort((a, b) => a - b);
        const httpErrors = r['4xx'] + r['5xx'];
        const responses = times.length;
        const seconds = (r.finish.getTime() - r.start.getTime()) / 1000;
        resolve({
          connections: step.connections,
          seconds,
          responses,
          rps: responses / seconds,
          p50: quantile(times, 0.5),
          p95: quantile(times, 0.95),
          p99: quantile(times, 0.99),
          max: times.length ? times[times.length - 1] : NaN,
          httpErrors,
          socketErrors: r.errors,
          errorRate: responses + r.errors ? (httpErrors + r.errors) / (responses + r.errors) : 0,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

if (process.send) {
  const send = process.send.bind(process);
  process.on('message', (step: Step) => {
    drive(step).then(
      (result) => send({ result }),
      (e: unknown) => send({ error: e instanceof Error ? e.message : String(e) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
} else {
  console.log('tests/bench/load-driver.ts is started by npm run bench:load (see npm run bench:load -- --help), not on its own.');
}
