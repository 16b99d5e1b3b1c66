import { getAddress } from 'viem';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, injectSolanaWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[deposit] the COW deposit card: network, token contract, full address with QR on demand, copy, warnings (${language})`, async ({
    browser,
  }) => {
    const t = texts[language].recharge;
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    await signInWithWallet(page, 'bsc');
    await page.goto('/recharge');

    const card = page.getByTestId('deposit-card');
    await expect(card.getByTestId('deposit-network')).toHaveText(t.networkBsc);
    // The token's contract is the dev chain's COW, named in full (as the server's coin config spells it), left to
    // right, and copyable.
    const cow = e2eChains().tokens.cow.toLowerCase();
    const contract = card.getByTestId('deposit-contract');
    await expect(contract).toHaveText(cow);
    await expect(contract).toHaveAttribute('dir', 'ltr');
    await card.getByTestId('deposit-contract-copy').click();
    await expectToast(page, t.contractCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cow);
    const address = card.getByTestId('deposit-address');
    const full = await address.getAttribute('title');
    expect(full && getAddress(full)).toBe(full);
    await expect(address).not.toHaveText(full as string); // masked until asked for
    await expect(card.getByTestId('deposit-qr')).toHaveCount(0);

    await card.getByTestId('deposit-show').click();
    await expect(card.getByTestId('deposit-show')).toHaveAttribute('aria-expanded', 'true');
    await expect(address).toHaveText(full as string);
    const qr = card.getByTestId('deposit-qr');
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await card.getByTestId('deposit-copy').click();
    await expectToast(page, t.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);

    const warning = card.getByTestId('deposit-warning');
    await expect(warning).toContainText(fill(t.warnOnly, { currency: 'COW', network: `\u2068${t.networkBsc}\u2069` }));
    // One true statement of the amount: the watcher credits any confirmed transfer, so no range is claimed.
    await expect(warning).toContainText(t.warnNoMinimum);
    await expect(page.getByTestId('recharge-form')).not.toContainText('1-100');
    await expect(page.getByTestId('recharge-form').locator('input[name="amount"]')).not.toHaveAttribute(
      'placeholder',
      /100/,
    );
    await expect(warning).toContainText(fill(t.warnConfirmations, { blocks: '15' }));
    await screenshot(page, language, 'recharge-deposit');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, language, 'recharge-deposit-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 390, height: 844 });

    // Hidden again on request; the page never grows wider than the phone, in either direction.
    await card.getByTestId('deposit-show').click();
    await expect(card.getByTestId('deposit-qr')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
}

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[deposit] BNB on BNB Smart Chain: offered beside the tokens, the same address, a native-coin note (${language})`, async ({
    browser,
  }) => {
    const t = texts[language].recharge;
    const page = await browser.newPage();
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    await signInWithWallet(page, 'bsc');
    await page.goto('/recharge');

    const card = page.getByTestId('deposit-card');
    const cowAddress = await card.getByTestId('deposit-address').getAttribute('title');
    await expect(card.getByTestId('deposit-native-note')).toHaveCount(0); // a token: no native-coin note
    await page.getByTestId('recharge-currency-bnb').click();
    await expect(page.getByTestId('recharge-currency-bnb')).toHaveAttribute('aria-pressed', 'true');

    // One deposit address per chain takes its tokens and BNB alike; BNB has no contract to name.
    await expect(card.getByTestId('deposit-address')).toHaveAttribute('title', cowAddress as string);
    await expect(card.getByTestId('deposit-contract')).toHaveCount(0);
    await expect(card).toContainText(t.nativeCoin);
    await expect(card.getByTestId('deposit-network')).toHaveText(t.networkBsc);
    const warning = card.getByTestId('deposit-warning');
    await expect(warning).toContainText(fill(t.warnOnly, { currency: 'BNB', network: `\u2068${t.networkBsc}\u2069` }));
    await expect(card.getByTestId('deposit-native-note')).toHaveText(t.warnNativeDirect);
    await expect(page.getByTestId('recharge-form').locator('input[name="amount"]')).toBeVisible();
    await screenshot(page, language, 'recharge-bnb');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
}

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[deposit] Solana: a placeholder while the address loads, an error with a retry when it fails (${language})`, async ({
    browser,
  }) => {
    const t = texts[language];
    const page = await browser.newPage();
    await injectSolanaWallet(page);
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    await signInWithWallet(page, 'solana');

    // The server's answers to the address call: the first held until the placeholder is seen, then "unavailable"
    // (503) until the test lets the real server answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    let refused = 0;
    await page.route('**/v1/chn/coin/*/sol/address/**', async (route) => {
      if (!failing) return route.continue();
      await held;
      refused += 1;
      return route.fulfill({ status: 503, json: { code: 503, msg: 'Service Unavailable', data: null } });
    });
    await page.goto('/recharge');
    const deposit = page.getByTestId('solana-deposit');
    await expect(deposit.getByTestId('skeleton')).toBeVisible();
    await expect(deposit.getByTestId('deposit-card')).toHaveCount(0);
    release();

    // The app asks again twice after a server error (its query retry policy, with a growing delay), so the error
    // shows only once the third answer came: wait for that answer, not for a guessed time.
    await expect.poll(() => refused, { timeout: 20_000 }).toBe(3);
    const error = deposit.getByTestId('deposit-error');
    await expect(error).toContainText(t.recharge.addressFailed);
    await expect(error).toContainText(t.errors['503']);
    await expect(deposit.getByTestId('skeleton')).toHaveCount(0);
    await screenshot(page, language, 'recharge-solana-error');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, language, 'recharge-solana-error-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Asking again once the server answers shows the address.
    failing = false;
    await error.getByTestId('deposit-retry').click();
    await expect(deposit.getByTestId('deposit-card')).toBeVisible({ timeout: 20_000 });
    await expect(deposit.getByTestId('deposit-error')).toHaveCount(0);
    await deposit.getByTestId('deposit-show').click();
    await screenshot(page, language, 'recharge-solana-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, language, 'recharge-solana-390');
    await page.close();
  });
}
