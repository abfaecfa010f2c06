/**
 * What every bench script shares: its command line (options, `--help`), the check that the build it
 * measures is there, and writing its section of docs/benchmarks.md between its markers (with its
 * tables padded as Prettier pads them).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../../infra/twin/twin.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** How the value shows in the usage text (`<n>`, `<list>`); string options only. */
  value?: string;
  description: string;
}

export interface ScriptSpec<O extends Record<string, OptionSpec>> {
  /** The npm script, e.g. `bench:load`. */
  script: string;
  /** What it does, a few lines, shown under the usage line. */
  about: string;
  options: O;
  /** Environment variables it reads, and what for. */
  env?: Record<string, string>;
}

export type OptionValues<O extends Record<string, OptionSpec>> = { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };

export function usage<O extends Record<string, OptionSpec>>(spec: ScriptSpec<O>) {
  const rows: [string, string][] = [
    ...Object.entries(spec.options).map(([name, o]): [string, string] => [`--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`, o.description]),
    ['-h, --help', 'this text (nothing is started)'],
  ];
  const width = Math.max(...rows.map(([left]) => left.length));
  const env = Object.entries(spec.env ?? {});
  const envWidth = Math.max(0, ...env.map(([name]) => name.length));
  return [
    `Usage: npm run ${spec.script}${rows.length > 1 ? ' [-- options]' : ''}`,
    '',
    spec.about.trim(),
    '',
    'Options:',
    ...rows.map(([left, text]) => `  ${left.padEnd(width)}  ${text}`),
    ...(env.length ? ['', 'Environment:', ...env.map(([name, text]) => `  ${name.padEnd(envWidth)}  ${text}`)] : []),
  ].join('\n');
}

/**
 * The script's options from process.argv. `--help` prints the usage and exits 0 before anything
 * starts; an unknown option or a missing value prints the error and the usage, and exits 2.
 */
export function parseOptions<O extends Record<string, OptionSpec>>(spec: ScriptSpec<O>, argv = process.argv.slice(2)): OptionValues<O> {
  const options = Object.fromEntries(Object.entries(spec.options).map(([name, o]) => [name, { type: o.type }]));
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${usage(spec)}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage(spec));
    process.exit(0);
  }
  return values as OptionValues<O>;
}

/** A positive number option, or its default; anything else stops the script (exit 2). */
export function positive(value: string | undefined, fallback: number, name: string) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!(n > 0)) {
    console.error(`--${name} takes a positive number, got "${value}"`);
    process.exit(2);
  }
  return n;
}

/** The site build the twin serves (SITE_DIST or frontend/dist); stops the script when its server renderer is missing. */
export function requireBuild() {
  const dist = process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.join(ROOT, 'frontend/dist');
  if (!existsSync(path.join(dist, '.ssr'))) {
    console.error(`No server build in ${dist}: run npm run build first.`);
    process.exit(1);
  }
  return dist;
}

export const BENCHMARKS_FILE = path.join(ROOT, 'docs/benchmarks.md');

/**
 * Puts `section` (which starts with `<!-- bench:NAME -->` and ends with `<!-- /bench:NAME -->`) in
 * place of the file's section of that name, or at the end when it has none. Returns the file, relative.
 */
export function writeSection(name: string, section: string, file = BENCHMARKS_FILE) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nFigures measured by scripts, never by timed tests.\n';
  const marked = new RegExp(`<!-- bench:${name} -->[\\s\\S]*<!-- /bench:${name} -->`);
  const next = marked.test(current) ? current.replace(marked, () => section) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  return path.relative(ROOT, file);
}

/** A Markdown table padded as Prettier pads it, so the docs stay formatted. */
export function markdown(head: string[], rows: string[][]) {
  const width = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
  return [line(head), line(width.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The browser every bench script drives. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The demo course's ids a bench measures on a twin at `base`: a language (`prefer` if it exists,
 * else the first), its first open level and lesson, and the newest post.
 */
export async function demoCourse(base: string, prefer?: string) {
  const get = async (p: string) => {
    const r = await fetch(base + p);
    if (!r.ok) throw new Error(`${p}: ${r.status}`);
    return r.json();
  };
  const languages: { id: string }[] = await get('/api/languages');
  const language = languages.find((l) => l.id === prefer) ?? languages[0];
  const { levels } = await get(`/api/pages/language/${language.id}`);
  const level = levels.find((l: { is_locked: boolean }) => !l.is_locked);
  const { lessons } = await get(`/api/pages/level/${language.id}/${level.id}`);
  const lesson = lessons.find((l: { is_locked: boolean }) => !l.is_locked);
  const [post] = await get('/api/blog');
  return { lang: language.id, lvl: level.id as string, les: lesson.id as string, slug: post.slug as string };
}
