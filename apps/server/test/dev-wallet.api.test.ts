import { createPublicClient, erc20Abi, formatUnits, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { DEMO_USERS } from '../src/dev/demo-users.ts';
import { type DevChains, startDevChains } from '../src/dev/dev-chains.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';

describe('the dev chains of npm start and the /dev/wallet faucet', () => {
  let devChains: DevChains;
  let server: TestServer;

  beforeAll(async () => {
    // The test mode (startTestServer's NODE_ENV=test): dev chains the test starts, so the dev tools run.
    server = await startTestServer({
      prepare: async (repos) => {
        devChains = await startDevChains({ repos, blockIntervalMs: 0, slotIntervalMs: 0 });
        return { env: { BSC_RPC_URL: devChains.evm.rpcUrl, SOLANA_RPC_URL: devChains.solana.rpcUrl }, devChains };
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await devChains?.close();
  });

  it('deploys the four tokens on chain id 56, funds the demo wallets and points the token config at them', async () => {
    const client = createPublicClient({ chain: bscChain(devChains.evm.rpcUrl), transport: http(devChains.evm.rpcUrl) });
    expect(await client.getChainId()).toBe(56);
    const config = await call(server.baseUrl, '/v1/ins/coin/config', { method: 'GET' });
    const contract = (chain: string, currency: string) =>
      config.json.data.find(
        (c: { chainCurrency: string; currency: string }) => c.chainCurrency === chain && c.currency === currency,
      )?.contractAddress;
    for (const [currency, address] of Object.entries(devChains.evm.tokens))
      expect(contract('bnb', currency)).toBe(address);
    expect(contract('sol', 'usdt')).toBe(devChains.solana.usdtMint);
    for (const demo of DEMO_USERS) {
      const cow = await client.readContract({
        address: devChains.evm.tokens.cow,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [demo.address],
      });
      expect(formatUnits(cow, 18)).toBe('1000');
    }
  });

  it('shows the dev chains and demo wallets at /dev/wallet, and its faucet sends test tokens', async () => {
    const page = await fetch(`${server.baseUrl}/dev/wallet`);
    const html = await page.text();
    expect(html).toContain(devChains.evm.rpcUrl);
    expect(html).toContain(devChains.evm.tokens.cow);
    expect(html).toContain(devChains.solana.usdtMint);
    for (const demo of DEMO_USERS) expect(html).toContain(demo.address);

    const newcomer = privateKeyToAccount(generatePrivateKey()).address;
    const granted = await fetch(`${server.baseUrl}/dev/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'bnb', address: newcomer }),
    });
    expect(((await granted.json()) as { code: number }).code).toBe(200);
    const client = createPublicClient({ chain: bscChain(devChains.evm.rpcUrl), transport: http(devChains.evm.rpcUrl) });
    expect(formatUnits(await client.getBalance({ address: newcomer }), 18)).toBe('1');
    const cow = await client.readContract({
      address: devChains.evm.tokens.cow,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [newcomer],
    });
    expect(formatUnits(cow, 18)).toBe('100');

    const refused = await fetch(`${server.baseUrl}/dev/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'sol', address: newcomer }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: number }).code).toBe(1225);
  });

  it('reports chain health to the operator', async () => {
    const hotWallet = server.app.chains.bsc?.hotWalletAddress;
    if (!hotWallet) throw new Error('BSC or its hot wallet not configured');
    await devChains.fundHotWallet(hotWallet);
    const res = await fetch(`${server.baseUrl}/ops/v1/chain/status`, {
      headers: { authorization: 'Bearer aidf-dev-operator-token' },
    });
    const { data } = (await res.json()) as {
      data: { watchers: { chain: string; head: string }[]; hotWallet: Record<string, string> };
    };
    expect(data.watchers.map((w) => w.chain)).toEqual(['bsc', 'solana']);
    expect(data.watchers[0]).toMatchObject({ rpcUrl: devChains.evm.rpcUrl, rpcErrors: '0' });
    expect(Number(data.watchers[0]?.head)).toBeGreaterThan(0);
    expect(data.hotWallet).toMatchObject({
      address: hotWallet,
      bnb: '100',
      cow: '1000000',
    });
    const unauthorized = await fetch(`${server.baseUrl}/ops/v1/chain/status`);
    expect(unauthorized.status).toBe(401);
  });
});
