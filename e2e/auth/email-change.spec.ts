import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/** The newest code the server mailed to `email`, read from the dev mailbox (newest first). */
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

/** Opens the e-mail dialog from the me screen, asks a code for `email` and types the one the mailbox got. */
/** The texts the dialog is found by, in the language under test. */
interface DialogTexts {
  email: { newAddress: string };
  auth: { sendCode: string; codeSent: string };
}

async function fillNewAddress(page: Page, texts: DialogTexts, email: string) {
  await page.getByTestId('email-change').click();
  const dialog = page.getByTestId('email-dialog');
  await dialog.getByLabel(texts.email.newAddress).fill(email);
  await dialog.getByRole('button', { name: texts.auth.sendCode }).click();
  await expectToast(page, texts.auth.codeSent);
  await dialog.getByTestId('new-email-code').fill(await codeFromMailbox(page, email));
  return dialog;
}

test.describe('[auth] e-mail change', () => {
  test('a wallet account adds an e-mail, then changes it, with the codes read from the mailbox', async ({ page }) => {
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    await page.goto('/');
    await signInWithWallet(page, 'bsc');
    await page.getByTestId('tab-3').click();
    const row = page.getByTestId('email-row');
    await expect(row).toContainText(en.email.none);

    const first = `first-${Date.now()}@example.com`;
    const dialog = await fillNewAddress(page, en, first);
    await expect(dialog).toContainText(en.email.textWallet);
    const code = await dialog.getByTestId('new-email-code').inputValue();
    // A wrong code: the server's refusal in the user's language, and the account keeps no e-mail.
    await dialog.getByTestId('new-email-code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByTestId('email-submit').click();
    await expectToast(page, en.errors['1227']);
    await dialog.getByTestId('new-email-code').fill(code);
    await screenshot(page, 'en', 'dialog-email-add');
    await dialog.getByTestId('email-submit').click();
    await expectToast(page, en.email.added);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('email-current')).toHaveText(first);
    await expect(row.getByRole('button', { name: en.email.change })).toBeVisible();

    const second = `second-${Date.now()}@example.com`;
    await fillNewAddress(page, en, second);
    await screenshot(page, 'en', 'dialog-email-change');
    await page.getByTestId('email-submit').click();
    await expectToast(page, en.email.changed);
    await expect(page.getByTestId('email-current')).toHaveText(second);
    // The row mid-screen: a full-page shot draws the fixed header and tab bar where the screen is scrolled to.
    await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'en', 'me-email');
  });

  for (const [language, texts] of [
    ['zhCN', zhCN],
    ['ar', ar],
  ] as const) {
    test(`adds an e-mail in ${language}`, async ({ page }) => {
      await page.addInitScript((lan) => localStorage.setItem('localLan', lan), language);
      await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
      await page.goto('/');
      await signInWithWallet(page, 'bsc');
      await page.getByTestId('tab-3').click();
      await expect(page.getByTestId('email-row')).toContainText(texts.email.none);
      if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      const email = `${language.toLowerCase()}-${Date.now()}@example.com`;
      await fillNewAddress(page, texts, email);
      await screenshot(page, language, 'dialog-email-add');
      await page.getByTestId('email-submit').click();
      await expectToast(page, texts.email.added);
      await expect(page.getByTestId('email-current')).toHaveText(email);
      await page.getByTestId('email-row').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, language, 'me-email');
    });
  }
});
