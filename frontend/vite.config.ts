import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE } from '../functions/shared/render.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// SITE_DIST lets parallel builds (e.g. several test runs) keep separate outputs.
const outDir = process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.resolve(here, 'dist');

/**
 * `virtual:client-build` in the server bundle: the client's built index.html (with the hashed name
 * of its script), read after the client build, so the render function is one self-contained file.
 */
function clientBuild(): Plugin {
  const id = 'virtual:client-build';
  return {
    name: 'parrot-client-build',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return;
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      return `export const template = ${JSON.stringify(template)};`;
    },
  };
}

// Two builds: the browser's (hashed files under /static/, cached for a year; /media/* is stored
// content) and, with --ssr, the server renderer the render function and the local twin run.
export default defineConfig(({ isSsrBuild }) => ({
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
    : {
        outDir,
        emptyOutDir: true,
        assetsDir: 'static',
        sourcemap: true,
        chunkSizeWarningLimit: 900,
      },
}));
