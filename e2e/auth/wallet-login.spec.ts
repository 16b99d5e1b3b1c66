import { screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import {
  injectEvmWallet,
  injectSolanaWallet,
  injectStandardSolanaWallet,
  signInWithWallet,
} from '../support/wallets.ts';

const masked = (a: string) => `${a.slice(0, 4)}****${a.slice(-4)}`;

test.describe('[auth] wallet sign-in', () => {
  test('signs in with a BNB Smart Chain wallet, adding and switching to chain 0x38, and stays signed in', async ({
    page,
  }) => {
    const wallet = await injectEvmWallet(page, { chainId: '0x1', knowsBsc: false });
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('chain-picker')).toBeVisible();
    await screenshot(page, 'en', 'dialog-chain-picker');
    await page.getByTestId('pick-bsc').click();

    await expectToast(page, 'Signed in');
    await expect(page.getByTestId('header-address')).toHaveText(masked(wallet.address()));
    const username = await page.getByTestId('header-user').textContent();
    expect(username).toMatch(/^bnb[0-9a-f]{8}/);
    expect(await wallet.calls()).toEqual(
      expect.arrayContaining([
        'eth_requestAccounts',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'personal_sign',
      ]),
    );
    expect(await page.evaluate(() => [localStorage.getItem('isLogin'), sessionStorage.getItem('chain')])).toEqual([
      'true',
      'BNB Smart Chain',
    ]);

    await page.reload();
    await expect(page.getByTestId('header-user')).toHaveText(username ?? '');
    expect((await wallet.calls()).filter((c) => c === 'personal_sign')).toHaveLength(0);
  });

  test('signs in with a Solana wallet', async ({ page }) => {
    const wallet = await injectSolanaWallet(page);
    await page.goto('/me');
    // A visitor on a protected screen is sent home with the chain picker open.
    await expect(page.getByTestId('chain-picker')).toBeVisible();
    await page.getByTestId('pick-solana').click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(wallet.address));
    await expect(page.getByRole('img', { name: 'Solana' })).toBeVisible();
  });

  test('signs in with a Solana wallet found through the wallet-standard protocol', async ({ page }) => {
    const wallet = await injectStandardSolanaWallet(page);
    await page.goto('/');
    await signInWithWallet(page, 'solana');
    await expect(page.getByTestId('header-address')).toHaveText(masked(wallet.address));
    expect(await page.evaluate(() => 'phantom' in window || 'solana' in window)).toBe(false);
  });

  test('switching the account in the wallet signs the user out', async ({ page }) => {
    const wallet = await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    await page.goto('/');
    await signInWithWallet(page, 'bsc');
    // The watcher subscribes once the wallet module has loaded.
    await expect.poll(() => wallet.listenerCount('accountsChanged')).toBeGreaterThan(0);

    const reloaded = page.waitForEvent('load');
    await wallet.switchAccount();
    await reloaded;
    await expect(page.getByTestId('header-user')).toHaveText('Not logged in');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('chain')])).toEqual([
      null,
      'null',
    ]);
  });

  test('a refused signature shows "User Denied Authorization" and signs nobody in', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: async ({ method }: { method: string }) => {
          if (method === 'eth_chainId') return '0x38';
          if (method === 'personal_sign') throw Object.assign(new Error('User rejected'), { code: 4001 });
          return ['0x8ba1f109551bD432803012645Ac136ddd64DBA72'];
        },
      };
    });
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    await expectToast(page, 'User Denied Authorization');
    await expect(page.getByTestId('header-user')).toHaveText('Not logged in');
  });

  test('the chain picker in Arabic', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('chain-picker')).toBeVisible();
    await screenshot(page, 'ar', 'dialog-chain-picker');
  });
});
