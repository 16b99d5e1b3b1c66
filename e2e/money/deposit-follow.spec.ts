import { createWalletClient, erc20Abi, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToast, toastLog } from '../support/toasts.ts';
import { devBsc, injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;
const LRI = '\u2066';
const PDI = '\u2069';
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[deposit] COW sent from another wallet while the recharge screen is open shows up without a reload (${language})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = texts[language].recharge;
    const { bscRpcUrl, tokens } = e2eChains();
    // Someone else's wallet, funded by the dev faucet, sends the COW: the app sends nothing itself.
    const senderKey = generatePrivateKey();
    const sender = privateKeyToAccount(senderKey);
    const faucet = await request.post('/dev/faucet', { data: { chain: 'bnb', address: sender.address } });
    expect((await faucet.json()).code).toBe(200);

    const page = await browser.newPage();
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: bscRpcUrl });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    await signInWithWallet(page, 'bsc');
    await page.goto('/recharge');
    const history = page.getByTestId('recharge-history');
    await expect(history).toContainText(t.noHistory);
    await expect(page.getByTestId('platform-balance')).toHaveText(
      fill(t.platformBalance, { amount: `${LRI}0 COW${PDI}` }),
    );
    const depositAddress = await page.getByTestId('deposit-address').getAttribute('title');

    const wallet = createWalletClient({ account: sender, chain: devBsc(bscRpcUrl), transport: http(bscRpcUrl) });
    await wallet.writeContract({
      address: tokens.cow,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [depositAddress as `0x${string}`, parseUnits('25', 18)],
    });

    // The open screen finds the credit itself, once the watcher has it: the list, the balance and one toast.
    const credited = fill(t.creditedToast, { amount: `${LRI}25 COW${PDI}` });
    await expect(history.getByTestId('recharge-item')).toHaveCount(1, { timeout: 90_000 });
    await expect(history.getByTestId('recharge-item')).toContainText('+25');
    await expect(page.getByTestId('platform-balance')).toHaveText(
      fill(t.platformBalance, { amount: `${LRI}25 COW${PDI}` }),
    );
    await expectToast(page, credited);
    await screenshot(page, language, 'recharge-followed');
    // Told once: the polls that follow find nothing new.
    await expect(history.getByTestId('recharge-item')).toHaveCount(1);
    await page.waitForResponse((r) => r.url().includes('/v1/chn/recharge/p/'));
    await page.waitForResponse((r) => r.url().includes('/v1/chn/recharge/p/'));
    expect((await toastLog(page))?.texts.filter((text) => text.includes(credited))).toHaveLength(1);
    await page.close();
  });
}
