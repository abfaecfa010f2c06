import { defineConfig, type Plugin } from 'vite';
import type { PreRenderedChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE } from '../functions/shared/render.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// SITE_DIST lets parallel builds (e.g. several test runs) keep separate outputs.
const outDir = process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.resolve(here, 'dist');
/** The islands build's manifest (never published: the site deployment leaves out `.vite`). */
export const ISLANDS_MANIFEST = '.vite/islands.json';
const LOADER = 'src/islands/loader.ts';

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
 * Three builds: the back office app (index.html + main.tsx), the public pages' islands (`--mode
 * islands`, their own module graph, so a public page never loads a chunk of the app), both as
 * hashed files under /static/ cached for a year; and, with --ssr, the server renderer the render
 * function and the local twin run.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: here,
  plugins: [react(), ...(isSsrBuild ? [clientBuild()] : [])],
  resolve: { alias: { '@shared': path.resolve(here, '../functions/shared') } },
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: path.join(outDir, SSR_BUILD_DIR),
        emptyOutDir: true,
        ssr: path.resolve(here, 'src/entry-server.tsx'),
        minify: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: SSR_ENTRY_FILE, codeSplitting: false } },
      }
    : mode === 'islands'
      ? {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: ISLANDS_MANIFEST,
          modulePreload: { polyfill: false },
          sourcemap: true,
          rollupOptions: {
            input: path.resolve(here, LOADER),
            // Each island's file is named by its module (i-audio, i-support, i-analytics-client...):
            // two modules called client.ts must not share a name in the network log.
            output: { entryFileNames: 'static/i-[name]-[hash].js', chunkFileNames: islandFileName },
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
