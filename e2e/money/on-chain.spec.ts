import { createPublicClient, createWalletClient, erc20Abi, formatUnits, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { devBsc, injectEvmWallet, injectSolanaWallet, signInWithWallet } from '../support/wallets.ts';
import { expectWithdrawalStatus } from '../support/withdrawals.ts';

/** A fresh wallet with the dev faucet's grant (1 BNB, 100 COW…), through the faucet page's own call. */
async function fundedWallet(request: APIRequestContext) {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  const res = await request.post('/dev/faucet', { data: { chain: 'bnb', address } });
  expect((await res.json()).code).toBe(200);
  return { key, address };
}

async function walletCow(address: `0x${string}`) {
  const { bscRpcUrl, tokens } = e2eChains();
  const client = createPublicClient({ chain: devBsc(bscRpcUrl), transport: http(bscRpcUrl) });
  const units = await client.readContract({
    address: tokens.cow,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
  return formatUnits(units, 18);
}

async function signedInWallet(browser: Browser, key: `0x${string}`, language: 'en' | 'ar'): Promise<Page> {
  const page = await browser.newPage();
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, privateKey: key, rpcUrl: e2eChains().bscRpcUrl });
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
  await page.goto('/');
  await signInWithWallet(page, 'bsc');
  return page;
}

async function recharge(page: Page, amount: string) {
  const form = page.getByTestId('recharge-form');
  await form.locator('input[name="amount"]').fill(amount);
  await form.locator('button[type="submit"]').click();
}

test.describe('[chain] recharge and withdrawal against the dev chain', () => {
  test.setTimeout(120_000);

  test('recharges 10 COW from the wallet and withdraws it back (en)', async ({ browser, request, baseURL }) => {
    const wallet = await fundedWallet(request);
    const page = await signedInWallet(browser, wallet.key, 'en');

    await page.goto('/recharge');
    await expect(page.getByTestId('wallet-balance')).toContainText('Wallet: \u2066100 COW\u2069');
    await page.getByTestId('recharge-form').locator('button[type="submit"]').click();
    await expect(page.getByTestId('recharge-form')).toContainText('Please enter the recharge amount');
    await recharge(page, '200');
    await expect(page.getByTestId('recharge-form')).toContainText('Insufficient balance');
    await screenshot(page, 'en', 'recharge-refused');

    await recharge(page, '10');
    // The wallet's transaction sent to the chain and the server told: on a loaded machine more than the default 5 s.
    await expect(page.getByTestId('recharge-status')).toHaveAttribute('data-stage', /pending|confirming|credited/, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('recharge-status')).toHaveAttribute('data-stage', 'credited', { timeout: 60_000 });
    await expect(page.getByTestId('recharge-status')).toContainText('Credited: \u2066+10 COW\u2069');
    await expect(page.getByTestId('recharge-history')).toContainText('+10');
    // The receipt's leg: its hash linked to the explorer, and its confirmations (credited only past the depth).
    const credited = page.getByTestId('recharge-item').first();
    await expect(credited.getByTestId('tx-link')).toHaveAttribute(
      'href',
      /^https:\/\/bscscan\.com\/tx\/0x[0-9a-f]{64}$/,
    );
    await expect(credited.getByTestId('confirmations')).toHaveText('Confirmed');
    expect(
      Number(await credited.getByTestId('confirmations').getAttribute('data-confirmations')),
    ).toBeGreaterThanOrEqual(15);
    await screenshot(page, 'en', 'recharge-credited');
    expect(await walletCow(wallet.address)).toBe('90');

    await page.goto('/personalAssets');
    await expect(page.getByTestId('asset-cow')).toContainText('10');

    // The bill's recharge line names its transaction and links it to the chain's explorer.
    await page.goto('/bill');
    await page.getByTestId('currency-cow').click();
    await page.getByTestId('statement-line').first().click();
    const detail = page.getByTestId('statement-detail');
    await expect(detail).toContainText('Recharge');
    await expect(detail.getByTestId('detail-explorer')).toHaveAttribute(
      'href',
      /^https:\/\/bscscan\.com\/tx\/0x[0-9a-f]{64}$/,
    );
    const hash = await detail.getByTestId('detail-tx').getAttribute('title');
    expect(await detail.getByTestId('detail-explorer').getAttribute('href')).toBe(`https://bscscan.com/tx/${hash}`);
    await expect(detail.getByTestId('confirmations')).toHaveText('Confirmed');
    await screenshot(page, 'en', 'dialog-bill-onchain-detail');

    await page.goto('/withdraw');
    const form = page.getByTestId('withdraw-form');
    await expect(form.getByTestId('withdraw-hint')).toContainText('Fee 0.5%');
    await form.locator('input[name="amount"]').fill('10');
    await expect(form.getByTestId('withdraw-receive')).toContainText('9.95 COW');
    await expect(form.locator('input[name="address"]')).toHaveValue(wallet.address);
    await screenshot(page, 'en', 'withdraw');
    await form.locator('button[type="submit"]').click();
    await expectToast(page, 'Withdrawal requested', { timeout: 30_000 });
    const item = page.getByTestId('withdrawal').first();
    // The list refetched after the request: by then the payout may have gone out, or (a slow refetch) arrived.
    await expectWithdrawalStatus(item, baseURL as string, /requested|sent|confirmed/, { timeout: 30_000 });
    await expect(item).toContainText(/Expected by|Arrived/);
    await expectWithdrawalStatus(item, baseURL as string, 'confirmed', { timeout: 90_000 });
    await expect(item).toContainText('Arrived');
    await expect(item.getByTestId('tx-link')).toHaveAttribute('href', /^https:\/\/bscscan\.com\/tx\/0x[0-9a-f]{64}$/);
    await expect(item.getByTestId('confirmations')).toHaveText('Confirmed');
    await screenshot(page, 'en', 'withdraw-confirmed');
    expect(await walletCow(wallet.address)).toBe('99.95');
    await page.close();
  });

  test('recharges 0.5 BNB from the wallet as a plain transfer, credited once confirmed (en)', async ({
    browser,
    request,
  }) => {
    const wallet = await fundedWallet(request);
    const page = await signedInWallet(browser, wallet.key, 'en');
    await page.goto('/recharge');
    await page.getByTestId('recharge-currency-bnb').click();
    const form = page.getByTestId('recharge-form');
    await expect(page.getByTestId('wallet-balance')).toContainText('Wallet: \u20661 BNB\u2069');
    // All of it cannot go: the transfer's gas is paid out of the same BNB.
    await recharge(page, '1');
    await expect(form).toContainText('Not enough BNB to pay the gas');
    await recharge(page, '1.5');
    await expect(form).toContainText('Insufficient balance');

    await recharge(page, '0.5');
    await expect(page.getByTestId('recharge-status')).toHaveAttribute('data-stage', 'credited', { timeout: 60_000 });
    await expect(page.getByTestId('recharge-status')).toContainText('Credited: \u2066+0.5 BNB\u2069');
    await expect(page.getByTestId('recharge-history')).toContainText('+0.5');
    await screenshot(page, 'en', 'recharge-bnb-credited');
    await page.goto('/personalAssets');
    await expect(page.getByTestId('asset-bnb')).toContainText('0.5');
    await page.close();
  });

  test('recharges and withdraws in Arabic, right to left, and names a lack of gas (ar)', async ({
    browser,
    request,
    baseURL,
  }) => {
    const wallet = await fundedWallet(request);
    const page = await signedInWallet(browser, wallet.key, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.goto('/recharge');
    await recharge(page, '10');
    await expect(page.getByTestId('recharge-status')).toHaveAttribute('data-stage', 'credited', { timeout: 60_000 });
    await expect(page.getByTestId('recharge-status')).toContainText(ar.recharge.credited.split('{{')[0] ?? '');
    await expect(page.getByTestId('recharge-item').first().getByTestId('confirmations')).toHaveText(
      ar.history.confirmed,
    );
    await screenshot(page, 'ar', 'recharge-credited');

    await page.goto('/personalAssets');
    await page.getByTestId('open-withdraw').click();
    const dialog = page.getByTestId('withdraw-dialog');
    await dialog.locator('input[name="amount"]').fill('4');
    await expect(dialog.getByTestId('withdraw-receive')).toContainText('3.98');
    await screenshot(page, 'ar', 'dialog-withdraw');
    await dialog.locator('button[type="submit"]').click();
    // Closed once the wallet signed and the server took the request.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await page.goto('/withdraw');
    await expectWithdrawalStatus(page.getByTestId('withdrawal').first(), baseURL as string, 'confirmed', {
      timeout: 90_000,
    });
    await expect(page.getByTestId('withdrawal').first()).toContainText(ar.withdraw.status.confirmed);
    await expect(page.getByTestId('withdrawal').first().getByTestId('confirmations')).toHaveText(ar.history.confirmed);
    await screenshot(page, 'ar', 'withdraw-confirmed');
    expect(await walletCow(wallet.address)).toBe('93.98');
    await page.close();

    // A wallet holding COW but no BNB cannot pay the gas of the token transfer: SPEC.md's 'gas不足'.
    const { bscRpcUrl, tokens } = e2eChains();
    const noGasKey = generatePrivateKey();
    const noGas = privateKeyToAccount(noGasKey);
    const sender = createWalletClient({
      account: privateKeyToAccount(wallet.key),
      chain: devBsc(bscRpcUrl),
      transport: http(bscRpcUrl),
    });
    await sender.writeContract({
      address: tokens.cow,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [noGas.address, parseUnits('20', 18)],
    });
    const broke = await signedInWallet(browser, noGasKey, 'ar');
    await broke.goto('/recharge');
    await expect(broke.getByTestId('wallet-balance')).toContainText('20');
    await recharge(broke, '5');
    await expect(broke.getByTestId('recharge-form')).toContainText(ar.recharge.gasShort);
    await screenshot(broke, 'ar', 'recharge-no-gas');
    await broke.close();
  });

  for (const language of ['en', 'zhCN', 'ar'] as const) {
    test(`on Solana shows the deposit address for SOL and USDT, with no stale "not supported" (${language})`, async ({
      browser,
    }) => {
      const t = { en, zhCN, ar }[language].recharge;
      const page = await browser.newPage();
      await injectSolanaWallet(page);
      if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
      await page.goto('/');
      await signInWithWallet(page, 'solana');
      await page.goto('/recharge');
      await expect(page.getByTestId('recharge-currency-sol')).toBeVisible();
      await expect(page.getByTestId('recharge-currency-cow')).toHaveCount(0);
      const deposit = page.getByTestId('solana-deposit');
      // The card shows once the server has derived the address (slow on a loaded machine).
      await expect(deposit.getByTestId('deposit-card')).toBeVisible({ timeout: 20_000 });
      await expect(deposit).toContainText(t.solanaSendTo.replace('{{currency}}', 'SOL'));
      await expect(deposit).not.toContainText(t.solanaUnsupported);
      // The watcher credits any finalized transfer: no minimum is claimed.
      await expect(deposit.getByTestId('deposit-warning')).toContainText(t.warnNoMinimum);
      await expect(deposit.getByTestId('deposit-warning')).not.toContainText('0.001');
      await deposit.getByTestId('deposit-show').click();
      await expect(deposit.getByTestId('deposit-address')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      await expect(deposit.getByTestId('deposit-qr')).toBeVisible();
      await expect(deposit.getByTestId('deposit-network')).toHaveText(t.networkSolana);
      await expect(deposit.getByTestId('deposit-warning')).toContainText(t.warnFinalized);
      await screenshot(page, language, 'recharge-solana');

      // The assets screen's recharge dialog shows the same deposit address, not a refusal.
      await page.goto('/personalAssets');
      await page.getByTestId('open-recharge').click();
      await expect(page.getByTestId('recharge-dialog').getByTestId('solana-deposit')).toBeVisible();
      await expect(page.getByTestId('recharge-dialog')).not.toContainText(t.solanaUnsupported);
      await page.close();
    });
  }
});
