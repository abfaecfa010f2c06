/**
 * `npm run sweep-media`: the media sweep (functions/jobs/media-sweep.ts) now, against a running
 * twin on PORT (default 3000), instead of waiting for its daily run. SWEEP_GRACE_HOURS overrides
 * the grace period (default 24: nothing younger is deleted).
 */
import { pathToFileURL } from 'node:url';
import { parseCli } from './cli.js';
import { portsFor } from '../twin/services.js';
import { functionEnv } from '../twin/twin.js';
import type { SweepOptions, SweepResult } from '../../functions/jobs/media-sweep.js';

/** Points functions/lib/config.ts at a running twin's table and buckets (as twin.ts does), then sweeps. */
export async function sweepTwinMedia(port: number, opts: SweepOptions = {}): Promise<SweepResult> {
  Object.assign(process.env, functionEnv(portsFor(port)));
  const { sweepMedia } = await import('../../functions/jobs/media-sweep.js');
  return sweepMedia(opts);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  parseCli(
    {
      usage: ['npm run sweep-media'],
      about: `Runs the media sweep now on a running local twin (npm start), instead of waiting for its daily
run: deletes the uploaded and generated media files that no item mentions any more and that are
older than the grace period, then lists what it deleted. (AWS and the running twin also run it daily.)`,
      env: [
        ['PORT', "The running twin's port (default 3000)."],
        ['SWEEP_GRACE_HOURS', 'Keep every file younger than this many hours (default 24).'],
      ],
      examples: ['npm run sweep-media', 'SWEEP_GRACE_HOURS=0 PORT=3100 npm run sweep-media'],
    },
    {},
  );
  const port = Number(process.env.PORT ?? 3000);
  const hours = process.env.SWEEP_GRACE_HOURS;
  const r = await sweepTwinMedia(port, hours === undefined ? {} : { graceMs: Number(hours) * 3_600_000 }).catch((e: unknown) => {
    // fetch says "fetch failed"; the refused connection is its cause.
    const { message, code, cause } = e as Error & { code?: string };
    const down = /ECONNREFUSED/.test(`${message} ${code ?? ''} ${cause instanceof Error ? String(cause) : ''}`);
    console.error(down ? `No twin is running on port ${port}: start it (npm start), or set PORT.` : `Media sweep failed: ${message}`);
    process.exit(1);
  });
  console.log(
    `Media sweep on the twin at :${port}: ${r.items} items read, ${r.listed} files listed, ${r.keptReferenced} referenced, ${r.keptRecent} too recent to delete, ${r.deleted.length} deleted.`,
  );
  for (const url of r.deleted) console.log(`  deleted ${url}`);
}
