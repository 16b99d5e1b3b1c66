import { maskAddress } from '@aidf/contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, e2eEmailUser, screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/** The newest six-digit code mailed to `email`, read from the dev mailbox as its owner would. */
async function newestCode(page: Page, email: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as {
        to: string;
        text: string;
        receivedAt: number;
      }[];
      code = mails.find((m) => m.to.includes(email) && m.receivedAt >= after)?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** Shows the withdraw screen in `language`, as the language screen would leave it. */
async function inLanguage(page: Page, language: 'en' | 'zhCN' | 'ar') {
  await page.evaluate((l) => localStorage.setItem('localLan', l), language);
  await page.goto('/withdraw');
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zhCN' ? 'zh-CN' : language);
}

test.describe('[withdraw] the address book of an account with an e-mail', () => {
  test('an address added, confirmed by the code from the dev mailbox, held, then used (en, zhCN, ar)', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const user = e2eEmailUser();
    await injectEvmWallet(page, {
      chainId: '0x38',
      knowsBsc: true,
      privateKey: user.privateKey,
      rpcUrl: e2eChains().bscRpcUrl,
    });
    await page.goto('/');
    expect((await signInWithWallet(page, 'bsc')).trim()).toBe(user.username);
    await operator(baseURL as string, ['credit', user.username, 'cow', '20', '--reason', 'e2e address book by e-mail']);
    const exchange = privateKeyToAccount(generatePrivateKey()).address;

    // en: the account has an e-mail, so the book asks for a code mailed to it (no wallet signature); a wrong code
    // is refused in words and confirms nothing.
    await page.goto('/withdraw');
    const book = page.getByTestId('address-book');
    const add = book.getByTestId('address-book-add');
    await add.locator('input[name="label"]').fill('Exchange');
    await add.locator('input[name="address"]').fill(exchange);
    await add.locator('button[type="submit"]').click();
    const entry = book.getByTestId('address-book-entry');
    await expect(entry).toHaveAttribute('data-status', 'unconfirmed');
    const sentAt = Date.now();
    await entry.getByRole('button', { name: en.auth.sendCode }).click();
    await expectToast(page, en.auth.codeSent);
    const code = await newestCode(page, user.email, sentAt - 1_000);
    await entry.getByTestId('address-book-confirm-code').fill(code === '000000' ? '111111' : '000000');
    await entry.getByTestId('address-book-confirm').click();
    await expectToast(page, en.errors['1227']);
    await expect(entry).toHaveAttribute('data-status', 'unconfirmed');
    await entry.getByTestId('address-book-confirm-code').fill(code);
    await screenshot(page, 'en', 'address-book-email-code');
    await entry.getByTestId('address-book-confirm').click();
    await expect(entry).toHaveAttribute('data-status', 'held');
    await screenshot(page, 'en', 'address-book-email-held');

    // zhCN: held, with the time left; the hold (0.005 h in the e2e server) ends without a reload.
    await inLanguage(page, 'zhCN');
    await expect(entry).toContainText(zhCN.addressBook.status.held);
    await expect(entry.getByTestId('address-book-countdown')).toBeVisible();
    await screenshot(page, 'zhCN', 'address-book-email-held');
    await expect(entry).toHaveAttribute('data-status', 'usable', { timeout: 60_000 });
    await expect(entry).toContainText(zhCN.addressBook.status.usable);

    // ar: 'address book only' on, and the confirmed address used for a withdrawal the wallet signs.
    await inLanguage(page, 'ar');
    await book.getByTestId('address-book-only-on').click();
    await expect(book.getByTestId('address-book-only')).toHaveAttribute('data-on', 'true');
    const form = page.getByTestId('withdraw-form');
    await form.getByTestId('withdraw-book').getByRole('button', { name: 'Exchange' }).click();
    await expect(form.locator('input[name="address"]')).toHaveValue(exchange);
    await form.locator('input[name="amount"]').fill('10');
    await form.locator('button[type="submit"]').click();
    const withdrawal = page.getByTestId('withdrawal').first();
    await expect(withdrawal).toHaveAttribute('data-status', /requested|sent|confirmed/);
    await expect(withdrawal).toContainText(maskAddress(exchange));
    await expect(withdrawal).toHaveAttribute('data-status', 'confirmed', { timeout: 60_000 });
    await expect(withdrawal).toContainText(ar.withdraw.status.confirmed);
    await screenshot(page, 'ar', 'address-book-email-used');
  });
});
