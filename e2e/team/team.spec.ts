import { screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/** A phone of its own (a new browser context) with a fresh injected wallet, in `language`. */
async function phone(browser: Browser, language: 'en' | 'ar') {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
  return { context, page };
}

async function openEcology(page: Page) {
  await page.goto('/ecology');
  await expect(page.getByTestId('team-level')).toBeVisible();
}

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'ar'] as const) {
  test(`[team] a friend opens the invite link on a fresh wallet, signs in and buys a machine; the inviter sees the member, the direct bonus and the level progress (${language})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL as string;

    // The inviter signs in and finds the link on /invitefriends.
    const inviter = await phone(browser, language);
    await inviter.page.goto('/');
    const inviterName = (await signInWithWallet(inviter.page, 'bsc')).trim();
    if (language === 'ar') await expect(inviter.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await inviter.page.goto('/invitefriends');
    const link = (await inviter.page.getByTestId('invite-link').textContent())?.trim() ?? '';
    expect(link).toBe(`${base}/?invite=${inviterName}`);
    await expect(inviter.page.getByTestId('invite-qr')).toBeVisible();
    await expect(inviter.page.getByTestId('invite-joined')).toHaveText('0');
    await screenshot(inviter.page, language, 'invitefriends');
    await openEcology(inviter.page);
    await expect(inviter.page.getByTestId('progress-volume')).toContainText('1,000');
    await expect(inviter.page.getByTestId('progress-direct')).toContainText('0 / 1');
    await screenshot(inviter.page, language, 'ecology-empty-team');

    // The friend opens the link on a fresh wallet, moves to another tab first (the code must survive), signs in.
    const friend = await phone(browser, language);
    await friend.page.goto(new URL(link).pathname + new URL(link).search);
    await friend.page.goto('/machine');
    await friend.page.goto('/');
    const friendName = (await signInWithWallet(friend.page, 'bsc')).trim();
    await friend.page.goto('/me');
    await expect(friend.page.getByTestId('inviter-row')).toContainText(inviterName);

    // The friend buys the 100 machine with USDT from the balance: paid at once (status 1).
    await operator(base, ['credit', friendName, 'usdt', '100', '--reason', 'e2e team purchase']);
    await friend.page.goto('/machine');
    const group = friend.page.locator('[data-testid="worth-group"][data-worth="100"]');
    await group.getByTestId('price-item').filter({ hasText: 'USDT' }).locator('.machine-price').click();
    await friend.page.getByTestId('machine-detail').getByTestId('detail-buy').click();
    await friend.page.getByTestId('buy-dialog').getByTestId('buy-confirm').click();
    await expectToast(friend.page, language === 'en' ? 'Purchase successful' : 'تم الشراء بنجاح', { timeout: 30_000 });

    // The inviter sees the new member, the direct bonus (5 % of 100) and the level progress move.
    await openEcology(inviter.page);
    const member = inviter.page.getByTestId('team-member');
    await expect(member).toHaveCount(1);
    await expect(member).toContainText(friendName);
    await expect(inviter.page.getByTestId('team-volume')).toContainText('100');
    await expect(inviter.page.getByTestId('income-cow-push-income')).toContainText('5');
    await expect(inviter.page.getByTestId('progress-volume')).toContainText('900');
    await expect(inviter.page.getByTestId('progress-direct')).toContainText('1 / 1');
    await screenshot(inviter.page, language, 'ecology-team');
    await member.click();
    await expect(inviter.page.getByTestId('team-path')).toContainText(friendName);
    await expect(inviter.page.locator(`[data-testid="team-level"][data-of="${friendName}"]`)).toBeVisible();
    await expect(inviter.page.getByTestId('team-volume')).toContainText('0');
    await screenshot(inviter.page, language, 'ecology-member-team');

    await inviter.page.goto('/invitefriends');
    await expect(inviter.page.getByTestId('invite-joined')).toHaveText('1');
    await expect(inviter.page.getByTestId('invite-earned')).toContainText('5');
    await inviter.page.goto('/incomeDetail');
    await expect(inviter.page.getByTestId('statement-lines').locator('li').first()).toContainText(
      language === 'en' ? 'Direct bonus' : '5',
    );
    await screenshot(inviter.page, language, 'incomeDetail-direct-bonus');
    await inviter.context.close();
    await friend.context.close();
  });
}
