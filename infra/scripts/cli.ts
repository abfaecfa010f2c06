/**
 * The command line of our scripts under `npm run` (create-admin, export/import, smoke, start/dev,
 * sweep-media, seed:large): node's parseArgs, strict, plus `--help`/`-h`. Help prints the script's
 * usage, options, environment and examples and exits 0 before the script does anything (no twin
 * started, no AWS call); an unknown option or a missing value prints one line and the usage and
 * exits 1, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

export interface Help {
  /** The ways to call it, e.g. `npm run smoke -- --url <site>`. */
  usage: string[];
  /** What it does, in a few lines. */
  about: string;
  /** [flags, meaning]; `-h, --help` is added. */
  options?: [string, string][];
  /** [variable, meaning]. */
  env?: [string, string][];
  examples: string[];
}

const columns = (rows: [string, string][]) => {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`).join('\n');
};

const usageLines = (help: Help) => help.usage.map((u, i) => `${i ? '       ' : 'Usage: '}${u}`).join('\n');

/** The whole `--help` text. */
export function helpText(help: Help): string {
  const parts = [usageLines(help), help.about, `Options:\n${columns([...(help.options ?? []), ['-h, --help', 'Print this text and exit.']])}`];
  if (help.env?.length) parts.push(`Environment:\n${columns(help.env)}`);
  parts.push(`Example${help.examples.length > 1 ? 's' : ''}:\n${help.examples.map((e) => `  ${e}`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

/** Ends the script (exit 1): what is wrong, then how to call it. */
export function usageError(help: Help, message: string): never {
  console.error(`${message}\n${usageLines(help)}\nRun with --help for the options.`);
  process.exit(1);
}

/**
 * The script's options (`process.argv`, or `args`). `--help`/`-h` anywhere before a `--` prints
 * the help and exits 0; anything parseArgs refuses ends the script with usageError.
 */
export function parseCli<const O extends Options>(
  help: Help,
  options: O,
  { positionals = false, args = process.argv.slice(2) }: { positionals?: boolean; args?: string[] } = {},
): { values: Parsed<O>['values']; positionals: string[] } {
  const end = args.indexOf('--');
  if ((end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h')) {
    process.stdout.write(helpText(help));
    process.exit(0);
  }
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals, strict: true });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (e) {
    return usageError(help, (e as Error).message);
  }
}
