import { defineConfig } from '@playwright/test';

/**
 * Two workers by default, each with an e2e server of its own (support/test.ts starts it: its own database, dev
 * chains and port). A file's tests run in order in one worker (some build on the one before, as the transfer
 * spec's second on the first's balance), unless the file says its tests are independent (`mode: 'parallel'`).
 * E2E_WORKERS=1 runs everything one by one.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Chromium's headless shell (scripts/run-e2e.mjs installs it); CHROMIUM_PATH=/usr/bin/chromium runs the full browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
