import { DEMO_USERS } from '../../apps/server/src/dev/demo-users.ts';
import { screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const [ALICE, BOB] = DEMO_USERS as [(typeof DEMO_USERS)[number], (typeof DEMO_USERS)[number]];

/** A page signed in as a seeded demo user, through its wallet key. */
async function signedInAs(browser: Browser, user: (typeof DEMO_USERS)[number], language = 'en'): Promise<Page> {
  const page = await browser.newPage();
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, privateKey: user.privateKey });
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
  await page.goto('/');
  await signInWithWallet(page, 'bsc');
  return page;
}

async function fillTransfer(page: Page, to: string, amount: string) {
  await page.goto('/internalTransfer');
  const form = page.getByTestId('transfer-form');
  await form.locator('input[name="username"]').fill(to);
  await form.getByRole('button', { name: 'USDT' }).click();
  await form.locator('input[name="amount"]').fill(amount);
  await form.getByTestId('transfer-next').click();
}

/** Form, review sheet (the receiver looked up, masked wallet shown), the wallet's signature, the receipt. */
async function transfer(page: Page, to: string, amount: string, language = 'en') {
  await fillTransfer(page, to, amount);
  const review = page.getByTestId('transfer-review');
  await expect(review.getByTestId('review-recipient')).toHaveText(to);
  await expect(review.getByTestId('review-address')).toHaveText(/^0x[0-9a-fA-F]{2}\*{4}[0-9a-fA-F]{4}$/);
  await screenshot(page, language, 'dialog-transfer-review');
  await review.getByTestId('transfer-confirm').click();
  await expect(page.getByTestId('transfer-receipt')).toBeVisible();
  return page.getByTestId('transfer-receipt');
}

test.describe('[money] internal transfer and statements', () => {
  test('alice sends USDT to bob; both see it in their statements (en)', async ({ browser }) => {
    const alice = await signedInAs(browser, ALICE);
    await expect(alice.getByTestId('assets-summary')).toContainText('1,000');
    await screenshot(alice, 'en', 'home-assets');

    // An unknown receiver is refused at once, before any review or signature.
    await fillTransfer(alice, 'no_such_user_e2e', '1');
    await expect(alice.getByTestId('transfer-form').getByRole('alert')).toHaveText('User does not exist');
    await expect(alice.getByTestId('transfer-review')).toHaveCount(0);

    const receipt = await transfer(alice, BOB.username, '12.5');
    await expectToast(alice, `Sent \u2066${'12.5 USDT'}\u2069 to ${BOB.username}`);
    await expect(receipt).toContainText(BOB.username);
    await expect(receipt).toContainText('-12.5');
    await expect(receipt.getByTestId('receipt-id')).toHaveText(/^[1-9]\d*$/);
    const movementId = (await receipt.getByTestId('receipt-id').textContent()) ?? '';
    await screenshot(alice, 'en', 'internalTransfer-receipt');
    await receipt.getByTestId('transfer-again').click();
    await expect(alice.getByTestId('transfer-available')).toContainText('987.5 USDT');
    // The receiver is offered again as a recent one.
    await alice.getByTestId('recent-recipient').filter({ hasText: BOB.username }).click();
    await expect(alice.locator('input[name="username"]')).toHaveValue(BOB.username);
    await screenshot(alice, 'en', 'internalTransfer-done');

    await alice.goto('/currencyStatement');
    await alice.getByTestId('currency-usdt').click();
    const lines = alice.getByTestId('statement-lines');
    await expect(lines.locator('li').first()).toContainText('Transfer out');
    await expect(lines.locator('li').first()).toContainText('-12.5');
    await expect(lines).toContainText('Admin recharge');
    await screenshot(alice, 'en', 'currencyStatement-usdt');

    const download = alice.waitForEvent('download');
    await alice.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await (await download).path();
    const text = (await import('node:fs')).readFileSync(csv, 'utf8');
    expect(text).toContain('Transfer out,-12.5,987.5');

    await alice.goto('/personalAssets');
    await alice.getByTestId('frozen-button').click();
    await expect(alice.getByTestId('frozen-dialog')).toContainText('120');
    await screenshot(alice, 'en', 'dialog-frozen-assets');
    await alice.close();

    const bob = await signedInAs(browser, BOB);
    await bob.goto('/bill');
    await bob.getByTestId('currency-usdt').click();
    const first = bob.getByTestId('statement-line').first();
    await expect(first).toContainText('Transfer in');
    await expect(first).toContainText('+12.5');
    await expect(first).toContainText(`from ${ALICE.username}`);
    // Grouped under its day, with a four-digit year.
    await expect(bob.getByTestId('statement-day').first()).toHaveText(new RegExp(String(new Date().getFullYear())));
    await screenshot(bob, 'en', 'bill-usdt');
    // The detail sheet: the sender, and the movement id alice's receipt showed.
    await first.click();
    const detail = bob.getByTestId('statement-detail');
    await expect(detail.getByTestId('detail-counterparty')).toHaveText(ALICE.username);
    await expect(detail.getByTestId('detail-movement')).toHaveText(movementId);
    await screenshot(bob, 'en', 'dialog-bill-detail');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    // The type filter keeps one type.
    await bob.getByTestId('type-filter').selectOption('merchant-system-transfer');
    await expect(bob.getByTestId('statement-line').first()).toContainText('Admin recharge');
    await expect(bob.getByTestId('statement-line').filter({ hasText: 'Transfer in' })).toHaveCount(0);
    await bob.close();
  });

  test('refuses an amount above the balance before signing, and shows the statement in Arabic', async ({ browser }) => {
    const bob = await signedInAs(browser, BOB, 'ar');
    await fillTransfer(bob, ALICE.username, '999999');
    await expect(bob.getByTestId('transfer-form').getByRole('alert')).toBeVisible();
    await expect(bob.getByTestId('transfer-review')).toHaveCount(0);
    await screenshot(bob, 'ar', 'internalTransfer-refused');

    const receipt = await transfer(bob, ALICE.username, '2', 'ar');
    await expect(receipt.getByTestId('receipt-id')).toHaveText(/^[1-9]\d*$/);
    await screenshot(bob, 'ar', 'internalTransfer-receipt');
    await receipt.getByTestId('transfer-again').click();
    await expect(bob.getByTestId('transfer-available')).toContainText('1,010.5');
    await bob.goto('/currencyStatement');
    await expect(bob.locator('html')).toHaveAttribute('dir', 'rtl');
    await bob.getByTestId('currency-usdt').click();
    await expect(bob.getByTestId('statement-lines').locator('li').first()).toContainText('-2');
    await screenshot(bob, 'ar', 'currencyStatement-usdt');
    await bob.getByTestId('statement-line').first().click();
    await expect(bob.getByTestId('statement-detail').getByTestId('detail-counterparty')).toHaveText(ALICE.username);
    await screenshot(bob, 'ar', 'dialog-statement-detail');
    await bob.goto('/personalAssets');
    await screenshot(bob, 'ar', 'personalAssets');
    await bob.close();
  });
});

test('[money] a transfer reviewed before the balance has loaded is looked up, not refused for a balance of 0 (en)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
  await page.goto('/');
  const username = (await signInWithWallet(page, 'bsc')).trim();
  await operator(baseURL as string, ['credit', username, 'usdt', '20', '--reason', 'e2e transfer funding']);

  // The balance's answer is held until the receiver's lookup went out: on a loaded machine it can come after the form.
  let lookupSent = () => {};
  const sent = new Promise<void>((resolve) => {
    lookupSent = resolve;
  });
  await page.route('**/v1/ma/account/assets/**', async (route) => {
    await sent;
    await route.continue();
  });
  page.on('request', (request) => {
    if (request.url().includes('/v1/cow/home/transfer/recipient/')) lookupSent();
  });
  await page.goto('/internalTransfer');
  const form = page.getByTestId('transfer-form');
  await expect(form.locator('input[name="amount"]')).toBeVisible();
  // No balance shown while it is unknown (not "0 USDT available").
  await expect(form.getByTestId('transfer-available')).toHaveCount(0);
  await form.locator('input[name="username"]').fill(BOB.username);
  await form.getByRole('button', { name: 'USDT' }).click();
  await form.locator('input[name="amount"]').fill('5');
  await form.getByTestId('transfer-next').click();
  const review = page.getByTestId('transfer-review');
  await expect(review.getByTestId('review-recipient')).toHaveText(BOB.username, { timeout: 30_000 });
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(review).toContainText('15', { timeout: 30_000 });
});
