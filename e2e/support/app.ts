import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = path.join(here, '..', 'screenshots');

/** A wallet address for the header; the session itself is a real token from the e2e server. */
export const TEST_WALLET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

export interface E2eSession {
  token: string;
  mid: string;
  username: string;
}

/** What the e2e server (support/e2e-server.ts) leaves in e2e/.state for the tests to read. */
// E2E_STATE_DIR is each server's own folder (support/test.ts sets it per worker); read at each call, since the
// worker sets it after this module is loaded.
const stateDir = () => process.env.E2E_STATE_DIR ?? path.join(here, '..', '.state');
export const E2E_STATE_FILES = {
  session: 'session.json',
  chains: 'chains.json',
  /** The e-mail user with a bound wallet (e2e-server.ts): its e-mail, username and wallet key. */
  emailUser: 'email-user.json',
  hardhatLog: 'hardhat.log',
  /** The address the server listens on, written once it does. */
  address: 'address.txt',
};
const readState = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(stateDir(), file), 'utf8')) as T;
export const e2eStatePath = (file: string) => path.join(stateDir(), file);

export function e2eSession(): E2eSession {
  return readState<E2eSession>(E2E_STATE_FILES.session);
}

/** The seeded account with an e-mail and a bound wallet, which confirms address-book changes by a mailed code. */
export function e2eEmailUser() {
  return readState<{ username: string; email: string; privateKey: `0x${string}` }>(E2E_STATE_FILES.emailUser);
}

/** The dev chain the e2e server runs: its RPC and token contracts. */
export function e2eChains() {
  return readState<{ bscRpcUrl: string; tokens: Record<'cow' | 'usdt' | 'eoeo' | 'aidf', `0x${string}`> }>(
    E2E_STATE_FILES.chains,
  );
}

/** Puts a signed-in session into storage, under the keys SPEC.md point 3 names, before the app starts. */
export async function signIn(page: Page, session: Pick<E2eSession, 'token' | 'mid' | 'username'> = e2eSession()) {
  await page.addInitScript(
    ({ s, wallet }) => {
      if (window.sessionStorage.getItem('e2e-seeded')) return;
      window.sessionStorage.setItem('e2e-seeded', '1');
      const userInfo = JSON.stringify({ mid: s.mid, username: s.username, inviteAddress: null });
      for (const storage of [window.localStorage, window.sessionStorage]) {
        storage.setItem('token', s.token);
        storage.setItem('isLogin', 'true');
        storage.setItem('userInfo', userInfo);
        storage.setItem('chain', 'BNB Smart Chain');
        storage.setItem('timestamp', String(Date.now()));
      }
      window.localStorage.setItem('address', wallet);
      window.sessionStorage.setItem('walletAddress', wallet);
    },
    { s: session, wallet: TEST_WALLET },
  );
}

/**
 * Whether the specs save their screenshots to e2e/screenshots: yes, unless E2E_SCREENSHOTS=off, which `npm test`
 * sets (nobody looks at them there, and its 275 full-length shots cost Chromium about 110 CPU-s).
 * `npm run test:e2e` and `npm run test:area` save them.
 */
export const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * Saves a screenshot once the screen has settled (no placeholder still waiting for its data); dialogs are shot as
 * the phone shows them, screens in full length. Without SAVE_SCREENSHOTS it still waits for the screen to settle,
 * so a spec runs the same steps either way.
 */
export async function screenshot(page: Page, language: string, name: string) {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  if (!SAVE_SCREENSHOTS) return;
  const fullPage = !name.startsWith('dialog-');
  await page.screenshot({ path: path.join(SCREENSHOTS, language, `${name}.png`), fullPage, animations: 'disabled' });
}

/** The fifteen routes of SPEC.md point 2, with their English titles and whether the tab bar shows. */
export const SCREENS = [
  { path: '/', name: 'home', title: 'AIDF', tabBar: true, protected: false },
  { path: '/machine', name: 'machine', title: 'AI miner', tabBar: true, protected: false },
  { path: '/me', name: 'me', title: 'Personal centre', tabBar: true, protected: true },
  { path: '/ecology', name: 'ecology', title: 'Team and ecology', tabBar: true, protected: false },
  { path: '/invitefriends', name: 'invitefriends', title: 'Invite friends', tabBar: false, protected: true },
  { path: '/bill', name: 'bill', title: 'Bill', tabBar: false, protected: true },
  { path: '/problemfeedback', name: 'problemfeedback', title: 'Problem feedback', tabBar: false, protected: true },
  { path: '/language', name: 'language', title: 'Language', tabBar: false, protected: false },
  {
    path: '/announcementdetails?id=1',
    name: 'announcementdetails',
    title: 'Announcement',
    tabBar: false,
    protected: false,
  },
  { path: '/personalAssets', name: 'personalAssets', title: 'Personal assets', tabBar: false, protected: true },
  { path: '/recharge', name: 'recharge', title: 'Recharge', tabBar: false, protected: true },
  { path: '/withdraw', name: 'withdraw', title: 'Withdraw', tabBar: false, protected: true },
  { path: '/incomeDetail', name: 'incomeDetail', title: 'Income details', tabBar: false, protected: true },
  {
    path: '/currencyStatement',
    name: 'currencyStatement',
    title: 'Currency statement',
    tabBar: false,
    protected: true,
  },
  { path: '/internalTransfer', name: 'internalTransfer', title: 'Internal transfer', tabBar: false, protected: true },
] as const;
