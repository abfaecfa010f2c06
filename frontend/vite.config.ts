import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// The SPA. Hashed files go under /static/ (cached for a year); /media/* is stored content.
export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: { alias: { '@shared': path.resolve(here, '../functions/shared') } },
  build: {
    // SITE_DIST lets parallel builds (e.g. several test runs) keep separate outputs.
    outDir: process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.resolve(here, 'dist'),
    emptyOutDir: true,
    assetsDir: 'static',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
