import { createPublicClient, erc20Abi, formatUnits, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { e2eChains, screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { devBsc, injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/** The wallet's AIDF on the dev chain. */
async function walletAidf(address: `0x${string}`) {
  const { bscRpcUrl, tokens } = e2eChains();
  const client = createPublicClient({ chain: devBsc(bscRpcUrl), transport: http(bscRpcUrl) });
  const units = await client.readContract({
    address: tokens.aidf,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
  return formatUnits(units, 18);
}

test('[invest] a short stake is invested from the wallet through the invest contract, credited, then pledged (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A fresh wallet with the dev faucet's grant (1 BNB for gas, 100 AIDF on chain), signed in: its address is bound.
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  expect((await (await request.post('/dev/faucet', { data: { chain: 'bnb', address } })).json()).code).toBe(200);
  const wallet = await injectEvmWallet(page, {
    chainId: '0x38',
    knowsBsc: true,
    privateKey: key,
    rpcUrl: e2eChains().bscRpcUrl,
  });
  await page.goto('/');
  await signInWithWallet(page, 'bsc');

  await page.getByTestId('open-pledge').click();
  const form = page.getByTestId('pledge-form-00');
  await form.locator('input[name="amount"]').fill('60');
  const offer = form.getByTestId('invest-offer');
  await expect(offer).toContainText('Your available AIDF is 60 short');
  await expect(offer).toContainText('15 confirmations');
  await screenshot(page, 'en', 'dialog-pledge-invest-offer');

  await offer.getByTestId('invest-button').click();
  await expect(form.getByTestId('invest-pending')).toBeVisible();
  await expect(form.getByTestId('invest-pending')).toContainText(/Waiting for 15 confirmations|mined|Confirm|Approve/);
  await screenshot(page, 'en', 'dialog-pledge-invest-pending');
  // Blocks come every 250 ms on the e2e chain: the 15 confirmations and the watcher's poll take a few seconds.
  await expect(form.getByTestId('invest-credited')).toContainText('\u206660 AIDF\u2069 credited', { timeout: 60_000 });
  await expect(form).toContainText('Available: \u206660 AIDF\u2069');
  await screenshot(page, 'en', 'dialog-pledge-invest-credited');
  expect(await walletAidf(address)).toBe('40');
  // The wallet approved once (the maximum) and invested once.
  expect((await wallet.calls()).filter((c) => c === 'eth_sendTransaction')).toHaveLength(2);

  await form.locator('button[type="submit"]').click();
  await expectToast(page, 'Pledged \u206660 AIDF\u2069 for 30 days');
  await page.goto('/personalAssets');
  await expect(page.getByTestId('pledge-list').getByTestId('pledge')).toHaveAttribute('data-status', 'running');
  await screenshot(page, 'en', 'personalAssets-pledge-invested');

  // The statement names the credit.
  await page.goto('/currencyStatement');
  await page.getByTestId('currency-aidf').click();
  await expect(page.getByTestId('statement-lines')).toContainText('Invest from wallet');
  await screenshot(page, 'en', 'currencyStatement-invest');
});
