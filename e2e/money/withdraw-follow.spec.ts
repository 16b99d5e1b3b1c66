import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, test } from '../support/test.ts';
import { expectToast, toastLog } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;
const LRI = '\u2066';
const PDI = '\u2069';

test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[withdraw] the withdrawal timeline follows the payout to its arrival and says so once (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = texts[language].withdraw;
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    const username = (await signInWithWallet(page, 'bsc')).trim();
    await operator(baseURL as string, ['credit', username, 'cow', '50', '--reason', 'e2e withdrawal funding']);

    await page.goto('/withdraw');
    const form = page.getByTestId('withdraw-form');
    await form.locator('input[name="amount"]').fill('10');
    await form.locator('button[type="submit"]').click();
    const item = page.getByTestId('withdrawal').first();
    await expect(item).toHaveAttribute('data-status', /requested|sent|confirmed/);
    // Without a reload the item moves on and the screen says it arrived, once.
    await expect(item).toHaveAttribute('data-status', 'confirmed', { timeout: 90_000 });
    const arrived = t.moved.confirmed.replace('{{amount}}', `${LRI}9.95 COW${PDI}`);
    await expectToast(page, arrived);
    await expect(item).toContainText(t.status.confirmed);
    await screenshot(page, language, 'withdraw-timeline');
    expect((await toastLog(page))?.texts.filter((text) => text === arrived)).toHaveLength(1);
  });
}
