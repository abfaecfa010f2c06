/**
 * EventBridge Scheduler's stand-in for scheduled releases: while the twin runs, every
 * RELEASE_TICK_MS it runs the releases that are due with the same code the release function's sweep
 * runs on AWS (runDueReleases, functions/services/releases.ts): a failed run is recorded on its
 * release and tried again at the next tick. Tests run `runDueReleases(at)` with a later clock
 * instead of waiting.
 */
export const RELEASE_TICK_MS = 15_000;

type Ran = { published: number } | { skipped: string } | { failed: string };
const describe = (o: Ran) =>
  'published' in o ? `${o.published} published` : 'skipped' in o ? `skipped: ${o.skipped}` : `failed, to be run again: ${o.failed}`;

/** Starts the timer; returns its stop. */
export function startReleaseTimer(log: (msg: string) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Imported late: functions/lib/config.ts reads the environment twin.ts has set by then.
    import('../../functions/services/releases.js')
      .then(({ runDueReleases }) => runDueReleases())
      .then(
        (ran) => ran.forEach((o) => o && !('busy' in o) && log(`release ${o.release.id} (${o.release.label}): ${describe(o)}`)),
        (e: unknown) => log(`scheduled releases failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => (running = false));
  }, RELEASE_TICK_MS).unref();
  return () => clearInterval(timer);
}
