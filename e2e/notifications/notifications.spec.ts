import { languageInfo } from '@aidf/contract';
import { createWalletClient, erc20Abi, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { devBsc, injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * One deposit on the dev chain, then the three languages in one flow (one sign-in, one deposit): the bell's count,
 * the inbox's item in the language, a bad anti-phishing word refused in the language, the devices list; read, the
 * count goes. At the phone's 390 px, never wider.
 */
test('[notifications] a deposit rings the bell; inbox, settings and devices in en, zhCN and ar', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { bscRpcUrl, tokens } = e2eChains();
  const senderKey = generatePrivateKey();
  const sender = privateKeyToAccount(senderKey);
  const faucet = await request.post('/dev/faucet', { data: { chain: 'bnb', address: sender.address } });
  expect((await faucet.json()).code).toBe(200);

  const page = await browser.newPage();
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: bscRpcUrl });
  await page.goto('/');
  await signInWithWallet(page, 'bsc');
  await expect(page.getByTestId('header-bell')).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveCount(0);

  await page.goto('/recharge');
  const depositAddress = await page.getByTestId('deposit-address').getAttribute('title');
  const wallet = createWalletClient({ account: sender, chain: devBsc(bscRpcUrl), transport: http(bscRpcUrl) });
  await wallet.writeContract({
    address: tokens.cow,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [depositAddress as `0x${string}`, parseUnits('25', 18)],
  });
  await expect(page.getByTestId('recharge-history').getByTestId('recharge-item')).toHaveCount(1, { timeout: 90_000 });
  // Credited: the inbox item came with the credit; the bell shows it at the next load.
  await page.goto('/');
  await expect(page.getByTestId('bell-count')).toHaveText('1');

  for (const language of ['en', 'zhCN', 'ar'] as const) {
    const t = texts[language];
    await page.goto('/language');
    await page.getByTestId(`language-${language}`).click();
    // `lang` changes only once the language's messages came and the choice is kept (zhCN's `dir` is already ltr,
    // so `dir` alone would let the next page load start before the choice was kept: it then opened in English).
    await expect(page.locator('html')).toHaveAttribute('lang', languageInfo(language).htmlLang);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.goto('/');
    await expect(page.getByTestId('header-bell')).toHaveAttribute(
      'aria-label',
      fill(t.header.notifications, { count: '1' }),
    );
    await screenshot(page, language, 'notifications-bell');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId('header-bell').click();
    const notice = page.getByTestId('notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toHaveAttribute('data-read', 'false');
    await expect(notice).toContainText(
      fill(t.notifications.kind['deposit-credited'], { amount: '25', currency: 'COW' }),
    );
    await screenshot(page, language, 'notifications-inbox');

    await page.getByTestId('inbox-settings').click();
    await page.getByTestId('anti-phishing-word').fill('ab');
    await page.getByTestId('save-word').click();
    await expect(page.getByRole('alert')).toHaveText(t.errors['81100']);
    await screenshot(page, language, 'notifications-settings');

    await page.goto('/devices');
    const device = page.getByTestId('device');
    await expect(device).toHaveCount(1);
    await expect(device).toHaveAttribute('data-current', 'true');
    await expect(device).toContainText(t.devices.thisDevice);
    await screenshot(page, language, 'devices');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  // Read: the item is marked and the bell's count goes.
  await page.goto('/notifications');
  await page.getByTestId('notice').getByRole('button').click();
  await expect(page.getByTestId('notice')).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  await page.close();
});
