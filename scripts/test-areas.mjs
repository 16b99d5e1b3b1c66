// The product's areas and which test files belong to each, by what their paths contain, so that
// `npm run test:area -- <area>` and `npm test -- --changed` run one area's unit, API and e2e tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Area → fragments of test file paths (a file belongs to every area one of whose fragments its path contains). */
export const AREAS = {
  auth: [
    'auth',
    'email-change',
    'accounts',
    'login',
    'session',
    'password',
    'signature',
    'signed-texts',
    'sign-messages',
    'wallet-message',
    '/me.',
    'src/wallet/',
    'bound-wallet',
    'use-wallet-action',
    'housekeeping',
  ],
  pledge: ['pledge', 'invest'],
  machine: ['machine', 'pay-check'],
  withdraw: [
    'withdraw',
    'payout',
    'security-hold',
    'SecurityHold',
    'destination',
    'on-chain',
    'address-book',
    'AddressBook',
  ],
  deposit: ['deposit', 'on-chain', 'lib/follow', 'use-follow'],
  transfer: ['transfer'],
  assets: ['assets', 'reference-price', 'ReferenceTotal', 'statement', 'worth-currency'],
  ledger: ['ledger', 'races', 'money.test', 'transaction-types'],
  team: ['team', 'invite'],
  tickets: ['ticket'],
  notifications: ['notification', 'inbox', 'signed-in-devices'],
  announcements: ['announcement'],
  operator: ['operator', 'console', 'settings-new-items', 'money-setting', 'csv', 'nav.test'],
  chain: ['chain', 'dev-wallet', 'metrics', 'deposit-keys'],
  limits: [
    'limits',
    'rate-limit',
    'trust-proxy',
    'semaphore',
    'envelope',
    'plugins/errors',
    'fuzz',
    'api-client',
    'error-message',
    'form-checks',
    'safe-string',
    'schemas.test',
    'security-headers',
  ],
  faults: ['faults/'],
  database: [
    'connection-lost',
    'pool-after-restart',
    'races',
    'pglite-client',
    'database-unreachable',
    'graceful-stop',
    'database-clock',
    'outage',
    'reconnect',
    'read-retry',
  ],
  treasury: [
    'treasury',
    'money-setting',
    'reserves',
    'solana-deposit-pool',
    'process-roles',
    'hot-wallet',
    'awaiting-funds',
    'payout-funds',
    'deposit-bnb',
    'deposit-choices',
  ],
  shell: [
    'e2e/shell',
    'router',
    'preloadable',
    'first-screen',
    'locales',
    'bidi',
    'plural-rules',
    'i18n/translator',
    'toast',
    'no-dev-modules',
    'platform',
    'start',
    'readiness',
    'config.test',
    'connection.test',
    'contract.test',
    'lib/format.test',
  ],
};

const TEST_FILE = /\.(test\.tsx?|spec\.ts)$/;
const ROOTS = ['apps', 'packages', 'e2e', 'faults'];

/** Every test file of the repository, relative to its root, sorted. */
export function allTestFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEST_FILE.test(entry.name)) found.push(full);
    }
  };
  for (const root of ROOTS) if (fs.existsSync(root)) walk(root);
  return found.sort();
}

const belongs = (file, area) => AREAS[area].some((fragment) => file.includes(fragment));

/** The test files of `areas`, split into the three suites. */
export function testFilesOf(areas) {
  const files = allTestFiles().filter((file) => areas.some((area) => belongs(file, area)));
  return {
    unit: files.filter((f) => !f.startsWith('e2e/') && !f.startsWith('apps/server/test/')),
    api: files.filter((f) => f.startsWith('apps/server/test/') && f.endsWith('.api.test.ts')),
    postgresOnly: files.filter((f) => f.startsWith('apps/server/test/') && f.endsWith('.postgres.test.ts')),
    e2e: files.filter((f) => f.startsWith('e2e/')),
  };
}

/** Files changed since `ref` (committed, staged, unstaged) and files git does not track yet. */
export function changedFiles(ref) {
  const git = (args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set([...git(['diff', '--name-only', ref]), ...git(['ls-files', '--others', '--exclude-standard'])])];
}

/** The areas a changed file's path names; none for shared code (the app shell, the harness, migrations...). */
export function areasOf(file) {
  const name = file.replace(/^.*\//, '');
  return Object.keys(AREAS).filter((area) => belongs(file, area) || belongs(name, area) || file.includes(`/${area}`));
}
