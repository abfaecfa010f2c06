/**
 * EventBridge Scheduler's stand-in for scheduled releases: while the twin runs, every
 * RELEASE_TICK_MS it runs the releases that are due with the same code the release function runs
 * on AWS (functions/services/releases.ts). Tests run `runDueReleases(at)` with a later clock instead
 * of waiting.
 */
export const RELEASE_TICK_MS = 15_000;

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
        (ran) => ran.forEach((o) => o && log(`release ${o.release.id} (${o.release.label}): ${'published' in o ? `${o.published} published` : o.skipped}`)),
        (e: unknown) => log(`scheduled releases failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => (running = false));
  }, RELEASE_TICK_MS).unref();
  return () => clearInterval(timer);
}
