import { Secret, TOTP } from 'otpauth';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';
import { expectWithdrawalStatus } from '../support/withdrawals.ts';

const LRI = '\u2066';
const PDI = '\u2069';

/** Shows the withdraw screen in `language`, as the language screen would leave it. */
async function inLanguage(page: Page, language: 'en' | 'zhCN' | 'ar') {
  await page.evaluate((l) => localStorage.setItem('localLan', l), language);
  await page.goto('/withdraw');
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zhCN' ? 'zh-CN' : language);
}

test.describe('[withdraw] withdrawal safety', () => {
  test("an address added, confirmed, held, then used; 'address book only'; the day's limit (en, zhCN, ar)", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
    await page.goto('/');
    const username = (await signInWithWallet(page, 'bsc')).trim();
    await operator(baseURL as string, ['credit', username, 'cow', '310', '--reason', 'e2e withdrawal safety']);
    const cold = privateKeyToAccount(generatePrivateKey()).address;
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address;

    // en: a label of 200 characters is refused in words and adds nothing; then the address is added and confirmed.
    await page.goto('/withdraw');
    const book = page.getByTestId('address-book');
    const add = book.getByTestId('address-book-add');
    await add.locator('input[name="label"]').fill('x'.repeat(200));
    await add.locator('input[name="address"]').fill(cold);
    await add.locator('button[type="submit"]').click();
    await expect(add.getByTestId('address-book-error')).toHaveText(en.errors['81082']);
    await expect(book.getByTestId('address-book-entry')).toHaveCount(0);
    await add.locator('input[name="label"]').fill('Cold wallet');
    await add.locator('button[type="submit"]').click();
    const entry = book.getByTestId('address-book-entry');
    await expect(entry).toHaveAttribute('data-status', 'unconfirmed');
    await entry.getByTestId('address-book-confirm').click();
    await expect(entry).toHaveAttribute('data-status', 'held');
    await expect(entry.getByTestId('address-book-countdown')).toContainText(/00:00:\d\d/);
    await screenshot(page, 'en', 'address-book-held');
    // The hold (0.005 h in the e2e server) ends: the entry is ready without a reload.
    await expect(entry).toHaveAttribute('data-status', 'usable', { timeout: 60_000 });
    await book.getByTestId('address-book-only-on').click();
    await expect(book.getByTestId('address-book-only')).toHaveAttribute('data-on', 'true');
    await screenshot(page, 'en', 'address-book-ready');

    // zhCN: 'address book only' refuses another address; the book's address, offered first, is used.
    await inLanguage(page, 'zhCN');
    const form = page.getByTestId('withdraw-form');
    await form.locator('input[name="amount"]').fill('10');
    await form.locator('input[name="address"]').fill(elsewhere);
    await form.locator('button[type="submit"]').click();
    await expectToast(page, new RegExp(zhCN.errors['81083']));
    await form.getByTestId('withdraw-book').getByRole('button', { name: 'Cold wallet' }).click();
    await expect(form.locator('input[name="address"]')).toHaveValue(cold);
    await form.locator('input[name="amount"]').fill('295');
    await form.locator('button[type="submit"]').click();
    // The wallet's signature, the request and the list's refetch: on a loaded machine more than the default 5 s.
    const withdrawal = page.getByTestId('withdrawal').first();
    await expectWithdrawalStatus(withdrawal, baseURL as string, /requested|sent|confirmed/, { timeout: 30_000 });
    await screenshot(page, 'zhCN', 'withdraw-from-address-book');

    // ar: 'left today' shows what the day's limit leaves, and a larger amount is refused in Arabic.
    await inLanguage(page, 'ar');
    await expect(form.getByTestId('withdraw-amount-left')).toHaveText(
      ar.withdraw.amountLeftToday.replace('{{amount}}', `${LRI}5 COW${PDI}`),
    );
    await form.getByTestId('withdraw-book').getByRole('button', { name: 'Cold wallet' }).click();
    await form.locator('input[name="amount"]').fill('10');
    await form.locator('button[type="submit"]').click();
    await expectToast(page, new RegExp(ar.errors['81080']));
    await screenshot(page, 'ar', 'withdraw-left-today');

    // ar: the authenticator, turned on with a code computed here from the secret the screen shows.
    const auth = page.getByTestId('authenticator');
    await auth.getByTestId('authenticator-start').click();
    await expect(auth.getByTestId('authenticator-qr')).toBeVisible();
    const secret = (await auth.getByTestId('authenticator-secret').textContent()) ?? '';
    const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30 });
    const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    await screenshot(page, 'ar', 'authenticator-set-up');
    await auth.locator('input[name="authenticator-code"]').fill(codeAt(0));
    await auth.locator('button[type="submit"]').click();
    await expect(auth).toHaveAttribute('data-enabled', 'true');
    const recovery = auth.getByTestId('authenticator-recovery').locator('li');
    await expect(recovery).toHaveCount(10);
    await screenshot(page, 'ar', 'authenticator-on');

    // A withdrawal without its code is refused; with a code of the next step (the first one was spent) it goes.
    await form.locator('input[name="amount"]').fill('5');
    await form.locator('button[type="submit"]').click();
    await expectToast(page, new RegExp(ar.errors['81090']));
    await form.locator('input[name="totp"]').fill(codeAt(1));
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('withdrawal')).toHaveCount(2);

    // A recovery code turns 'address book only' off (after the hold), once: one fewer is left.
    const onlyBox = book.getByTestId('address-book-only');
    await onlyBox.locator('input[name="totp"]').fill((await recovery.first().textContent()) ?? '');
    await onlyBox.getByTestId('address-book-only-off').click();
    await expect(onlyBox).toContainText(ar.addressBook.onlyOffAt.split('{{')[0] as string);
    await expect(auth).toContainText(ar.authenticator.recoveryLeft.replace('{{count}}', '9'));
    await screenshot(page, 'ar', 'address-book-only-turning-off');
  });
});
