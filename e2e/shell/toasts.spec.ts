import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToastClearOf, toastLog } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;

test.use({ viewport: { width: 360, height: 740 } });

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[toasts] one toast at a time, clear of the open sheet's and the form's controls (${language})`, async ({
    page,
  }) => {
    const t = texts[language];
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);

    // A visitor on a protected screen: "Please login first" above the chain picker, covering none of its choices.
    await page.goto('/me');
    await expect(page.getByTestId('chain-picker')).toBeVisible();
    await expect(page.locator('.toast')).toHaveText(t.errors['401']);
    await expectToastClearOf(page, '[role="dialog"]');
    await screenshot(page, language, 'dialog-chain-picker-please-login');

    // The wallet sign-in's stages and its "Signed in" replace each other: never two toasts at once.
    await page.getByTestId('pick-bsc').click();
    await page.getByTestId('header-address').waitFor();
    await expect(page.locator('.toast')).toHaveText(t.messages.coin_T);
    expect((await toastLog(page))?.most).toBe(1);

    // "Ticket submitted" leaves the ticket form's controls, Submit included, uncovered.
    await page.goto('/problemfeedback');
    const form = page.getByTestId('ticket-form');
    await form.getByTestId('ticket-content').fill('Where is my withdrawal?');
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('.toast')).toHaveText(t.tickets.submitted);
    await expectToastClearOf(page, '[data-testid="ticket-form"]');
    await screenshot(page, language, 'problemfeedback-ticket-submitted');
  });
}

test('[toasts] a password sign-in: "Signed in" alone, then "Password changed" alone (en)', async ({ page }) => {
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
  await page.goto('/');
  await signInWithWallet(page, 'bsc');
  await page.getByTestId('tab-3').click();
  await page.getByTestId('set-password').click();
  const reset = page.getByTestId('reset-password');
  await reset.getByLabel('New password').fill('Secret123');
  await reset.getByLabel('Confirm password').fill('Secret123');
  await reset.getByRole('button', { name: /Sign with/ }).click();
  await expect(page.locator('.toast')).toHaveText(en.messages.coin_L);
  expect((await toastLog(page))?.most).toBe(1);
});
