import { screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, injectSolanaWallet, signInWithWallet } from '../support/wallets.ts';

const masked = (a: string) => `${a.slice(0, 4)}****${a.slice(-4)}`;

test.describe('[me] addresses and inviter', () => {
  test('binds and unbinds a Solana address on a BNB Smart Chain account', async ({ page }) => {
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    const sol = await injectSolanaWallet(page);
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    await page.getByTestId('tab-3').click();

    const solRow = page.getByTestId('bound-sol');
    await expect(solRow).toContainText('Not bound');
    await solRow.getByRole('button', { name: 'Bind' }).click();
    await expect(page.getByTestId('tips-dialog')).toBeVisible();
    await screenshot(page, 'en', 'dialog-tips-bind');
    await page.getByTestId('tips-dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Bound successfully');
    await expect(solRow).toContainText(masked(sol.address));
    await screenshot(page, 'en', 'me-bound');

    await solRow.getByRole('button', { name: 'Unbind' }).click();
    await page.getByTestId('tips-dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Unbound successfully');
    await expect(solRow).toContainText('Not bound');
    await expect(page.getByTestId('bound-bnb')).toContainText('Sign-in address');
  });

  test('binds an inviter from an invitation link, shown locked', async ({ browser }) => {
    const inviterPage = await browser.newPage();
    await injectEvmWallet(inviterPage, { chainId: '0x38', knowsBsc: true });
    await inviterPage.goto('/');
    const inviterName = await signInWithWallet(inviterPage, 'bsc');
    await inviterPage.close();

    const page = await browser.newPage();
    await injectSolanaWallet(page);
    await page.goto(`/?invite=nobody-${Date.now()}`);
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-solana').click();
    // An unknown invite code refuses the first sign-in with the catalogue message.
    await expectToast(page, 'Referrer information does not exist');
    await page.keyboard.press('Escape');

    await page.goto('/');
    await signInWithWallet(page, 'solana');
    await page.goto(`/me?invite=${inviterName}`);
    await page.getByTestId('inviter-row').getByRole('button', { name: 'Bind inviter' }).click();
    const dialog = page.getByTestId('inviter-dialog');
    await expect(dialog.getByLabel('Invite code')).toHaveValue(inviterName);
    await expect(dialog.getByLabel('Invite code')).toHaveAttribute('readonly', '');
    await screenshot(page, 'en', 'dialog-inviter');
    await dialog.getByRole('button', { name: 'Bind' }).click();
    await expectToast(page, 'Inviter bound');
    await expect(page.getByTestId('inviter-row')).toContainText(inviterName);
    await page.close();
  });

  test('the personal centre in Arabic', async ({ page }) => {
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    await page.getByTestId('tab-3').click();
    await page.getByTestId('bound-sol').getByRole('button').click();
    await expect(page.getByTestId('tips-dialog')).toBeVisible();
    await screenshot(page, 'ar', 'dialog-tips-bind');
    await page.keyboard.press('Escape');
    await screenshot(page, 'ar', 'me-signed-in');
    await page.getByTestId('inviter-row').getByRole('button').click();
    await expect(page.getByTestId('inviter-dialog')).toBeVisible();
    await screenshot(page, 'ar', 'dialog-inviter');
    await page.keyboard.press('Escape');
    await page.getByTestId('set-password').click();
    await expect(page.getByTestId('reset-password')).toBeVisible();
    await screenshot(page, 'ar', 'dialog-reset-password');
  });
});
