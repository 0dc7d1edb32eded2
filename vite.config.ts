import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API the dev server talks to: `npm run dev` starts it on API_PORT (default 8081).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;
const proxied = ['/api', '/nhs-login', '/postcode', '/practice', '/signout'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // Inlined assets become data: URLs, which the strict CSP (default-src 'self') refuses.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin'] },
    },
  },
});
