import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShell } from './build/app-shell.ts';
import { noDevModules } from './build/no-dev-modules.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

export default defineConfig({
  plugins: [react(), appShell(), serviceWorker(), precompress(), noDevModules()],
  server: {
    host: '127.0.0.1',
    // `npm run dev -w @aidf/web` talks to the API server of `npm start`.
    proxy: { '/v1': 'http://127.0.0.1:8080' },
  },
  // Every browser the app supports preloads modules itself: no polyfill in the first screen's JavaScript.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every screen needs at start in one chunk: left alone, the bundler cut them into eight small
        // shared chunks, eight requests the first screen waits for (a round trip each on a phone's network).
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
