// Vite config of the renderer benchmark pages (scripts/bench-renderer.mjs builds them to a
// temporary directory). Not part of the app build.
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        ours: path.join(here, 'ours.html'),
        rjsf: path.join(here, 'rjsf.html'),
        vanilla: path.join(here, 'vanilla.html'),
        blank: path.join(here, 'blank.html'),
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin'] },
    },
  },
});
