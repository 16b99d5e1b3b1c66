// Builds the web app and the operator console, makes sure Chromium is there, and runs the Playwright suite; each
// Playwright worker starts a real server of its own on a free port (e2e/support/test.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Chromium's headless shell (Debian's chromium-headless-shell: the same Blink, without the desktop browser around it),
// as Playwright itself runs headless tests: on this suite it took 40% less CPU than the full browser.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!fs.existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium not found at ${chromium}: run "sudo apt-get install -y chromium-headless-shell" or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell package…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

execFileSync('npm', ['run', 'build', '-w', '@aidf/web'], { stdio: 'inherit' });
execFileSync('npm', ['run', 'build', '-w', '@aidf/console'], { stdio: 'inherit' });

const resultsDir = path.resolve('.test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const run = spawnSync(
  path.resolve('node_modules/.bin/playwright'),
  ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'e2e.json'),
    },
  },
);
process.exit(run.status ?? 1);
