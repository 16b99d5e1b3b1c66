import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, test } from '../support/test.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const LOCALES = { en, zhCN, ar };

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[assets] icons, what COW and EOEO are, and the total at the platform's reference prices (${language})`, async ({
    page,
    baseURL,
  }) => {
    // Six operator commands (a process each) take much of the time on a busy machine.
    test.setTimeout(180_000);
    const base = baseURL as string;
    const t = LOCALES[language].assets;
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    const username = (await signInWithWallet(page, 'bsc')).trim();
    // Prices for AIDF and COW only: USDT counts as 1, BNB has none and is left out of the total.
    await Promise.all([
      operator(base, ['set-config', 'price.reference.aidf', '0.5', '--reason', 'e2e assets']),
      operator(base, ['set-config', 'price.reference.cow', '1.25', '--reason', 'e2e assets']),
      operator(base, ['credit', username, 'usdt', '10', '--reason', 'e2e assets']),
      operator(base, ['credit', username, 'aidf', '4', '--reason', 'e2e assets']),
      operator(base, ['credit', username, 'cow', '2', '--reason', 'e2e assets']),
      operator(base, ['credit', username, 'bnb', '1', '--reason', 'e2e assets']),
    ]);

    await page.goto('/personalAssets');
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const total = page.getByTestId('reference-total');
    // 10 + 4 × 0.5 + 2 × 1.25, the figure kept left to right in Arabic too.
    await expect(total.locator('bdi[dir="ltr"]')).toHaveText('≈ 14.5 USDT');
    await expect(total).toContainText(t.referenceTotal);
    await expect(total).toContainText(t.referenceNote);
    // The list in the language's own form, each code a left-to-right isolate (LRI … PDI) inside the sentence.
    await expect(page.getByTestId('reference-unpriced')).toHaveText(t.notPriced.replace('{{list}}', '\u2066BNB\u2069'));

    const list = page.getByTestId('asset-list');
    await expect(list.locator('svg.currency-icon')).toHaveCount(5);
    await expect(page.getByTestId('aidf-card').locator('svg.currency-icon')).toHaveCount(1);
    await expect(page.getByTestId('asset-cow')).toContainText(t.about.cow);
    await expect(page.getByTestId('asset-cow')).toContainText('≈ 2.5 USDT');
    await expect(page.getByTestId('asset-eoeo')).toContainText(t.about.eoeo);
    await expect(page.getByTestId('asset-bnb')).not.toContainText('USDT');
    await expect(page.getByTestId('asset-usdt')).not.toContainText('≈');
    await screenshot(page, language, 'personal-assets-total');
  });
}
