/**
 * `npm run invoke -- ... --watch`: the same invoke again whenever a source file of the function
 * changes, each run in a child process so every run loads the changed modules afresh (Node caches
 * an imported module for the life of a process). The files are those esbuild's metafile says the
 * handler's bundle imports (found again after each run: an import may have been added), or all of
 * functions/ and shared/ when esbuild cannot read them; the event and body files count too.
 */
import { spawn } from 'node:child_process';
import { watch as watchFiles, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { ROOT } from '../../twin/twin.js';

const FALLBACK_DIRS = ['functions', 'shared'];
/** Editors write a file in several steps: one run once they are done. */
const SETTLE_MS = 200;

/** The repository's source files the bundle of `entry` is made of (absolute paths); undefined if esbuild fails. */
export function sourcesOf(entry: string): Set<string> | undefined {
  try {
    const { metafile } = buildSync({
      entryPoints: [path.join(ROOT, entry)],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir: 'out',
      logLevel: 'silent',
    });
    return new Set(Object.keys(metafile.inputs).map((f) => path.resolve(ROOT, f)));
  } catch {
    return undefined;
  }
}

/** Runs `script args` in a child now and after every change to the sources of `entry` or to `files`; never returns. */
export function watchAndRerun(script: string, args: string[], entry: string, files: string[]): Promise<never> {
  let sources = sourcesOf(entry);
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const extra = new Set(files.map((f) => path.resolve(f)));
  const matters = (file: string) => extra.has(file) || !sources || sources.has(file);

  const run = () => {
    if (running) return void (again = true);
    running = true;
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], { stdio: 'inherit' });
    child.on('exit', (code) => {
      running = false;
      sources = sourcesOf(entry);
      const what = sources ? `${sources.size} source files of ${entry}` : `functions/ and shared/ (esbuild could not read ${entry})`;
      console.log(`\n[watch] exit ${code ?? 'by signal'}; watching ${what}${extra.size ? ' and the event files' : ''}. Ctrl-C stops.`);
      if (again) {
        again = false;
        run();
      }
    });
  };
  const changed = (file: string) => {
    if (!matters(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      console.log(`\n[watch] ${path.relative(ROOT, file)} changed: invoking again\n`);
      run();
    }, SETTLE_MS);
  };

  const watchers: FSWatcher[] = FALLBACK_DIRS.map((dir) =>
    watchFiles(path.join(ROOT, dir), { recursive: true }, (_event, name) => name && changed(path.join(ROOT, dir, name))),
  );
  for (const file of extra) watchers.push(watchFiles(path.dirname(file), (_event, name) => name && changed(path.join(path.dirname(file), name))));
  run();
  return new Promise<never>(() => {
    process.on('SIGINT', () => {
      watchers.forEach((w) => w.close());
      process.exit(0);
    });
  });
}
