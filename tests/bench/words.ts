/**
 * `npx tsx tests/bench/words.ts`: the bytes word timings add to each lesson (docs/learners.md "Audio
 * that follows the text"), on a fresh local twin whose demo phrases have them: every unlocked demo
 * lesson's page rendered from the twin's own answers, and again with the timings taken out; the
 * lesson's read (which a download for offline keeps too) with and without them. Raw and as sent
 * (br, as the gateway and CloudFront compress). Writes docs/benchmarks.md's section. Needs `npm run build`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { startTwin } from '../../infra/twin/twin.js';
import type { LessonPage } from '../../shared/contracts/pages.js';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE, type ApiAnswer, type PublicConfig, type RenderEntry } from '../../shared/render.js';
import { markdown, parseOptions, requireBuild, writeSection } from './args.js';

parseOptions({
  script: 'tsx tests/bench/words.ts',
  about: `The bytes word timings add to each demo lesson's page and read, raw and as sent (br), on a fresh
local twin. Writes its section of docs/benchmarks.md. Needs npm run build.`,
  options: {},
  env: { BENCH_PORT: "the twin's port, and the 4 above it (default 3900)", SITE_DIST: 'the build to render with (default frontend/dist)' },
});
const dist = requireBuild();
const { entry } = (await import(pathToFileURL(path.join(dist, SSR_BUILD_DIR, SSR_ENTRY_FILE)).href)) as { entry: RenderEntry };
const br = (s: string) => brotliCompressSync(Buffer.from(s)).length;
const withoutTimings = (page: LessonPage): LessonPage => ({
  ...page,
  groups: page.groups.map((g) => ({ ...g, phrases: g.phrases.map(({ audio_timings: _, ...p }) => p) })),
});

interface Row {
  path: string;
  phrases: number;
  words: number;
  html: [number, number];
  htmlBr: [number, number];
  json: [number, number];
  jsonBr: [number, number];
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-bench-words-'));
const twin = await startTwin({ port: Number(process.env.BENCH_PORT ?? 3900), dataDir, seed: true });
const rows: Row[] = [];
try {
  const get = async <T>(p: string) => (await (await fetch(twin.url + p)).json()) as T;
  const config = await get<PublicConfig>('/config.json');
  for (const { id: lang } of await get<{ id: string }[]>('/api/languages')) {
    for (const level of (await get<{ levels: { id: string; is_locked: boolean }[] }>(`/api/pages/language/${lang}`)).levels.filter((l) => !l.is_locked)) {
      const { lessons } = await get<{ lessons: { id: string; is_locked: boolean }[] }>(`/api/pages/level/${lang}/${level.id}`);
      for (const lesson of lessons.filter((l) => !l.is_locked)) {
        const url = `/${lang}/${level.id}/${lesson.id}`;
        const keys = entry.plan(url) ?? [];
        const answers: Record<string, ApiAnswer> = {};
        for (const key of keys) answers[key] = { status: 200, body: await get(`/api${key}`) };
        const pageKey = keys.find((k) => k.startsWith('/pages/lesson/'))!;
        const page = answers[pageKey].body as LessonPage;
        const bare = withoutTimings(page);
        const render = async (body: LessonPage) =>
          (await entry.render({ url, origin: twin.url, config, answers: { ...answers, [pageKey]: { status: 200, body } } })).html;
        const [timed, plain] = [await render(page), await render(bare)];
        const phrases = page.groups.flatMap((g) => g.phrases);
        rows.push({
          path: url,
          phrases: phrases.length,
          words: phrases.reduce((n, p) => n + (p.audio_timings ? p.audio_timings.split(',').length : 0), 0),
          html: [Buffer.byteLength(timed), Buffer.byteLength(plain)],
          htmlBr: [br(timed), br(plain)],
          json: [Buffer.byteLength(JSON.stringify(page)), Buffer.byteLength(JSON.stringify(bare))],
          jsonBr: [br(JSON.stringify(page)), br(JSON.stringify(bare))],
        });
        console.log(`measured ${url}`);
      }
    }
  }
} finally {
  await twin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const added = ([a, b]: [number, number]) => a - b;
const sum = (f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0);
const median = (f: (r: Row) => number) => rows.map(f).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
const max = (f: (r: Row) => number) => Math.max(...rows.map(f));
const measures: [string, (r: Row) => number][] = [
  ['timed words', (r) => r.words],
  ['HTML bytes added', (r) => added(r.html)],
  ['HTML bytes added, br', (r) => added(r.htmlBr)],
  ['HTML of the page with them, bytes', (r) => r.html[0]],
  ['read (JSON) bytes added', (r) => added(r.json)],
  ['read (JSON) bytes added, br', (r) => added(r.jsonBr)],
];
const table = markdown(
  ['per lesson', 'median', 'largest', `all ${rows.length} lessons`],
  measures.map(([name, f]) => [name, String(median(f)), String(max(f)), String(sum(f))]),
);
const perWord = (
  sum((r) => added(r.html)) /
  Math.max(
    1,
    sum((r) => r.words),
  )
).toFixed(1);
console.log(`\n${table}\n\n${perWord} HTML bytes a timed word`);

const section = `<!-- bench:words -->

## Word timings on the lesson page (\`npx tsx tests/bench/words.ts\`)

Measured ${new Date().toISOString().slice(0, 10)} on a fresh local twin: each of its ${rows.length} unlocked demo lessons
(${sum((r) => r.phrases)} phrases, ${sum((r) => r.words)} timed words, the twin's estimated timings) rendered by the
server renderer with its phrases' word timings and again without them; the lesson's read (kept too by
a download for offline) likewise. br: as the gateway and CloudFront send it. About ${perWord} bytes of HTML
a timed word before compression, the attribute's name, the group's mark and the class included (the
timings themselves are about 7 bytes a word).

${table}

<!-- /bench:words -->`;
console.log(`written to ${writeSection('words', section)}`);
