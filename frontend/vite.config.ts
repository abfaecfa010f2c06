import { defineConfig, type Plugin } from 'vite';
import type { PreRenderedChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE } from '../shared/render.ts';
import { OFFLINE_PATH, SW_PATH } from './src/offline/rules.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// SITE_DIST lets parallel builds (e.g. several test runs) keep separate outputs.
const outDir = process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.resolve(here, 'dist');
/** The islands build's manifest (never published: the site deployment leaves out `.vite`). */
export const ISLANDS_MANIFEST = '.vite/islands.json';
const LOADER = 'src/islands/loader.ts';
const SW = 'src/sw/sw.ts';
/** The files every public page loads with its one script: the loader and the attribute contract (below). */
const WITH_LOADER = /^static\/i-(loader|markup)-/;

/**
 * `virtual:client-build` in the server bundle: the two page templates, read after the browser
 * builds, so the render function is one self-contained file. The shell (back office, sign-in,
 * profile) is the built index.html with the app's script; a public page gets the same HTML with
 * the islands' loader as its only script instead.
 */
function clientBuild(): Plugin {
  const id = 'virtual:client-build';
  return {
    name: 'parrot-client-build',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return;
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(readFileSync(path.join(outDir, ISLANDS_MANIFEST), 'utf8')) as Record<string, { file: string }>;
      const appScripts = /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
      const page = shell.replace(appScripts, '').replace('</head>', () => `<script type="module" src="/${manifest[LOADER].file}"></script>\n</head>`);
      if (page === shell || page.includes('/src/')) throw new Error('index.html: the app script to replace was not found');
      return `export const shellTemplate = ${JSON.stringify(shell)};\nexport const pageTemplate = ${JSON.stringify(page)};`;
    },
  };
}

/**
 * The site's shared stylesheet and icon sheet (src/ssr/assets.ts), server build only. Every module
 * but its own wrappers gets `src/ssr/griffel.ts` for `@griffel/react` (it lists each style hook) and
 * every icon of `@fluentui/react-icons` `src/ssr/icons.tsx` for its factory (it lists each icon and
 * draws it from the sheet). Once the renderer is written, the build runs its `siteAssets()` and
 * writes the two files under static/, so the render function never links one the build lacks.
 */
function siteSheets(): Plugin {
  const griffel = path.resolve(here, 'src/ssr/griffel.ts');
  const icons = path.resolve(here, 'src/ssr/icons.tsx');
  const inlineIcon = 'virtual:fluent-inline-icon';
  return {
    name: 'parrot-site-sheets',
    // Before Vite's own resolver, which would otherwise resolve both packages first.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === '@griffel/react' && importer !== griffel) return griffel;
      if (source === inlineIcon) {
        const index = await this.resolve('@fluentui/react-icons', icons);
        if (!index) throw new Error('@fluentui/react-icons not found');
        return path.join(path.dirname(index.id), 'utils/createFluentIcon.js');
      }
      if (importer?.includes(`${path.sep}@fluentui${path.sep}react-icons${path.sep}`) && /(^|\/)createFluentIcon\.js$/.test(source)) return icons;
    },
    async writeBundle() {
      const bundle = path.join(outDir, SSR_BUILD_DIR, SSR_ENTRY_FILE);
      const { siteAssets } = (await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`)) as typeof import('./src/entry-server');
      const { stylesheet, icons: sheet } = await siteAssets();
      for (const f of [stylesheet, sheet]) {
        mkdirSync(path.dirname(path.join(outDir, f.file)), { recursive: true });
        writeFileSync(path.join(outDir, f.file), f.text);
      }
    },
  };
}

/** `static/i-{module}-{hash}.js`: the islands' own modules by file name, any other by folder and file (`analytics-client`). */
function islandFileName(chunk: PreRenderedChunk) {
  const from = chunk.facadeModuleId ? path.relative(path.join(here, 'src'), chunk.facadeModuleId) : undefined;
  const name = from
    ? from
        .replace(/^islands\//, '')
        .replace(/\.[jt]sx?$/, '')
        .replace(/[\\/]/g, '-')
    : chunk.name;
  return `static/i-${name}-[hash].js`;
}

/**
 * What the service worker precaches (its `__PRECACHE__`): the files of the islands build a page
 * needs offline (hashed names: no revision needed), the offline page and the site's own icons, whose revision is a digest
 * of what they are made from (the renderer, the islands, the icon files), so a build that changes
 * them makes a new worker and nothing else does.
 */
function precacheEntries() {
  const islands = readFileSync(path.join(outDir, ISLANDS_MANIFEST), 'utf8');
  // Not the support form's island nor analytics: neither works offline, and they are most of the bytes.
  const online = ['src/islands/support.ts', 'src/analytics/client.ts'];
  const chunks = Object.entries(JSON.parse(islands) as Record<string, { file: string; src?: string }>).filter(([src]) => !online.includes(src));
  // And the stylesheet and icon sheet every page links (siteSheets()), written by the server build.
  const sheets = readdirSync(path.join(outDir, 'static'))
    .filter((f) => /^(site|icons)-[0-9a-f]+\.(css|svg)$/.test(f))
    .map((f) => `/static/${f}`);
  const files = [...new Set([...chunks.map(([, c]) => `/${c.file}`), ...sheets])].sort();
  const digest = (...parts: (string | Buffer)[]) =>
    parts
      .reduce((h, p) => h.update(p), createHash('sha256'))
      .digest('hex')
      .slice(0, 16);
  const renderer = readFileSync(path.join(outDir, SSR_BUILD_DIR, SSR_ENTRY_FILE));
  const icons = ['/favicon.svg', '/parrot-favicon.svg'].map((url) => ({ url, revision: digest(readFileSync(path.join(here, 'public', url))) }));
  return [...files.map((url) => ({ url, revision: null })), { url: OFFLINE_PATH, revision: digest(renderer, islands) }, ...icons];
}

/**
 * Four builds: the back office app (index.html + main.tsx), the public pages' islands (`--mode
 * islands`, their own module graph, so a public page never loads a chunk of the app), both as
 * hashed files under /static/ cached for a year; with --ssr, the server renderer the render
 * function and the local twin run; and last (`--mode sw`, it reads the other three) the service
 * worker `/sw.js`, one classic script (docs/offline.md).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: here,
  plugins: [react(), ...(isSsrBuild ? [clientBuild(), siteSheets()] : [])],
  resolve: { alias: { '@shared': path.resolve(here, '../shared') } },
  ssr: { noExternal: true, target: 'node' },
  define: mode === 'sw' ? { __PRECACHE__: JSON.stringify(precacheEntries()), 'process.env.NODE_ENV': '"production"' } : undefined,
  build: isSsrBuild
    ? {
        outDir: path.join(outDir, SSR_BUILD_DIR),
        emptyOutDir: true,
        ssr: path.resolve(here, 'src/entry-server.tsx'),
        minify: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: SSR_ENTRY_FILE, codeSplitting: false } },
      }
    : mode === 'sw'
      ? {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          modulePreload: false,
          rollupOptions: {
            input: path.resolve(here, SW),
            output: { format: 'iife', entryFileNames: SW_PATH.slice(1), codeSplitting: false },
          },
        }
      : mode === 'islands'
        ? {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            manifest: ISLANDS_MANIFEST,
            // An island's import links the files it imports ahead (rel=modulepreload, so they download
            // side by side), but not itself (the import asks for it at the same moment) nor the
            // loader's two, already there: each link is a fetch started on the main thread, about a
            // millisecond at idle on a slow phone (docs/rendering.md, 'What loads when').
            modulePreload: { polyfill: false, resolveDependencies: (file, deps) => deps.filter((d) => d !== file && !WITH_LOADER.test(d)) },
            sourcemap: true,
            rollupOptions: {
              input: path.resolve(here, LOADER),
              // Each island's file is named by its module (i-audio, i-support, i-analytics-client...):
              // two modules called client.ts must not share a name in the network log.
              output: {
                entryFileNames: 'static/i-[name]-[hash].js',
                chunkFileNames: islandFileName,
                // The attribute contract and the API client are each shared by the loader's islands and
                // under 4 KB: one file for both, loaded with the loader, rather than two round trips more
                // on the practice page and /review (6 files at most, docs/benchmarks.md 'bench:tap').
                codeSplitting: { groups: [{ name: 'markup', test: /shared[\\/]markup\.ts$|src[\\/]api[\\/]client\.ts$/ }] },
              },
            },
          }
        : {
            outDir,
            emptyOutDir: true,
            assetsDir: 'static',
            sourcemap: true,
            chunkSizeWarningLimit: 900,
          },
}));
