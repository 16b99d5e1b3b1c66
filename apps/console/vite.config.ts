import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The web app's build step, shared: the server sends the .br and .gz files it writes (static-assets.ts).
import { precompress } from '../web/build/precompress.ts';

export default defineConfig({
  // Served by the API server under /ops/ (apps/server/src/http/plugins/console-app.ts), never in the web app.
  base: '/ops/',
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5174,
    // `npm run dev -w @aidf/console` talks to the API server of `npm start`.
    proxy: { '/ops/v1': 'http://127.0.0.1:8080' },
  },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
});
