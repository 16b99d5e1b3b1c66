import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/** The newest code the server mailed to `email`, read from the dev mailbox like a newcomer would. */
async function codeFromMailbox(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string; text: string }[];
      code = mails.find((m) => m.to.includes(email))?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

test.describe('[auth] e-mail code and password', () => {
  test('checks the e-mail form, then signs in with the code read from the mailbox', async ({ page }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByRole('button', { name: en.auth.emailLogin }).click();
    const dialog = page.getByTestId('email-login');

    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('Please enter your e-mail')).toBeVisible();
    await expect(dialog.getByText('Please enter the verification code')).toBeVisible();
    await dialog.getByLabel('E-mail').fill('not an email');
    await dialog.getByLabel('Verification code').focus();
    await expect(dialog.getByText('Invalid e-mail address')).toBeVisible();
    await screenshot(page, 'en', 'dialog-email-login');

    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await dialog.getByLabel('Verification code').fill(await codeFromMailbox(page, email));
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Signed in');
    await expect(page.getByTestId('header-user')).toHaveText(/^e2e\d+/);
  });

  test('sets a password with the wallet, signs out, and signs in with the password', async ({ page }) => {
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    await page.goto('/');
    const username = await signInWithWallet(page, 'bsc');

    await page.getByTestId('tab-3').click();
    await page.getByTestId('set-password').click();
    const reset = page.getByTestId('reset-password');
    await reset.getByRole('button', { name: /Sign with BNB Smart Chain wallet/ }).click();
    await expect(reset.getByText('Please enter a new password')).toBeVisible();
    await reset.getByLabel('New password').fill('Secret123');
    await reset.getByLabel('Confirm password').fill('Secret124');
    await reset.getByRole('button', { name: /Sign with/ }).click();
    await expect(reset.getByText('The two passwords do not match')).toBeVisible();
    await screenshot(page, 'en', 'dialog-reset-password');
    await reset.getByLabel('Confirm password').fill('Secret123');
    await reset.getByRole('button', { name: /Sign with/ }).click();
    await expectToast(page, 'Password changed');
    await expect(page.getByTestId('set-password')).toHaveText(/Reset password/);

    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('header-user')).toHaveText('Not logged in');

    await page.getByTestId('connect-wallet').click();
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    const login = page.getByTestId('password-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(login.getByText('Please enter your login name')).toBeVisible();
    await expect(login.getByText('Please enter your password')).toBeVisible();
    await login.getByLabel('Login name').fill(username);
    await login.getByLabel('Password').fill('Wrong1234');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Wrong login name or password');
    await login.getByLabel('Password').fill('Secret123');
    await screenshot(page, 'en', 'dialog-password-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('header-user')).toHaveText(username);
  });

  test('the next e-mail sign-in of an invited account reveals nothing of it before the code', async ({ browser }) => {
    const inviterPage = await browser.newPage();
    await injectEvmWallet(inviterPage, { chainId: '0x38', knowsBsc: true });
    await inviterPage.goto('/');
    const inviter = await signInWithWallet(inviterPage, 'bsc');
    await inviterPage.close();

    const page = await browser.newPage();
    const email = `invited-${Date.now()}@example.com`;
    await page.goto(`/?invite=${inviter}`);
    await page.getByTestId('connect-wallet').click();
    await page.getByRole('button', { name: en.auth.emailLogin }).click();
    const dialog = page.getByTestId('email-login');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByTestId('login-invite-code')).toHaveValue(inviter);
    await dialog.getByLabel('Verification code').fill(await codeFromMailbox(page, email));
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('header-user')).toHaveText(/^invited/);
    await page.close();

    const again = await browser.newPage();
    await again.goto('/');
    await again.getByTestId('connect-wallet').click();
    await again.getByRole('button', { name: en.auth.emailLogin }).click();
    const second = again.getByTestId('email-login');
    await second.getByLabel('E-mail').fill(email);
    await second.getByLabel('Verification code').focus();
    // The inviter lookup answers alike for every e-mail, so the dialog cannot tell that this one has an account.
    await expect(second.getByTestId('login-invite-code')).toHaveCount(0);
    await expect(second.getByText('Already bound to this account')).toHaveCount(0);
    await again.close();
  });

  test('the sign-in dialogs in Arabic', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('chain-picker').getByRole('button').nth(3).click();
    await expect(page.getByTestId('email-login')).toBeVisible();
    await screenshot(page, 'ar', 'dialog-email-login');
    await page.keyboard.press('Escape');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('chain-picker').getByRole('button').nth(4).click();
    await expect(page.getByTestId('password-login')).toBeVisible();
    await screenshot(page, 'ar', 'dialog-password-login');
  });
});
