import { base58 } from '@scure/base';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';

// Hardhat's public test phrase: its index-0 EVM address is well known, which checks the BIP-44 path.
const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
const address = (mid: string, currency: string, chain: string, mode = 'A') =>
  `/v1/chn/coin/${currency}/${chain}/address/${mid}/${mode}`;

describe('[api] deposit addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEPOSIT_HD_MNEMONIC: TEST_MNEMONIC } });
  });
  afterAll(() => server.close());

  it("answers the user's own stable, unique addresses on both chains", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    const get = async (who: typeof alice, currency: string, chain: string) =>
      (await call(server.baseUrl, address(who.mid, currency, chain), { method: 'GET', token: who.token })).json.data
        .address;

    const aliceBnb = await get(alice, 'cow', 'bnb');
    expect(getAddress(aliceBnb)).toBe(aliceBnb);
    expect(await get(alice, 'usdt', 'bnb')).toBe(aliceBnb);
    const aliceSol = await get(alice, 'usdt', 'sol');
    expect(base58.decode(aliceSol)).toHaveLength(32);
    expect(await get(bob, 'cow', 'bnb')).not.toBe(aliceBnb);
    expect(await get(bob, 'sol', 'sol')).not.toBe(aliceSol);
  });

  it("names the watcher's confirmation depth with the address: BSC_CONFIRMATIONS blocks, Solana finalized (null)", async () => {
    const other = await startTestServer({ env: { DEPOSIT_HD_MNEMONIC: TEST_MNEMONIC, BSC_CONFIRMATIONS: '7' } });
    try {
      const who = await signUp(other);
      const read = async (currency: string, chain: string) =>
        (await call(other.baseUrl, address(who.mid, currency, chain), { method: 'GET', token: who.token })).json.data;
      expect(await read('cow', 'bnb')).toEqual({ address: expect.any(String), confirmations: 7 });
      expect(await read('usdt', 'sol')).toEqual({ address: expect.any(String), confirmations: null });
    } finally {
      await other.close();
    }
  });

  it('derives at index = user id on the BIP-44 path, the same on another instance', async () => {
    const other = await startTestServer({ env: { DEPOSIT_HD_MNEMONIC: TEST_MNEMONIC } });
    try {
      const first = await signUp(other);
      // A fresh database: the first user has id 1, so index 1 of the test phrase.
      expect(first.mid).toBe('1');
      const res = await call(other.baseUrl, address(first.mid, 'cow', 'bnb'), { method: 'GET', token: first.token });
      expect(res.json.data.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
      expect(other.app.deriveDepositAddress('bnb', 0n)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
      expect(other.app.deriveDepositAddress('sol', 7n)).toBe(server.app.deriveDepositAddress('sol', 7n));
    } finally {
      await other.close();
    }
  });

  it('refuses a currency the chain does not carry (81007), another mid (1226), mode B (1225), no token (401)', async () => {
    const carol = await signUp(server);
    const dave = await signUp(server);
    const refused = await call(server.baseUrl, address(carol.mid, 'cow', 'sol'), { method: 'GET', token: carol.token });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe(81007);
    // A chain's native coin only on its own chain: no address may invite a deposit that would never be credited.
    const sol = await call(server.baseUrl, address(carol.mid, 'sol', 'bnb'), { method: 'GET', token: carol.token });
    expect(sol.json.code).toBe(81007);
    const bnbOnSolana = await call(server.baseUrl, address(carol.mid, 'bnb', 'sol'), {
      method: 'GET',
      token: carol.token,
    });
    expect(bnbOnSolana.json.code).toBe(81007);
    // Native BNB is watched on BNB Smart Chain: the same deposit address as the chain's tokens.
    const bnb = await call(server.baseUrl, address(carol.mid, 'bnb', 'bnb'), { method: 'GET', token: carol.token });
    const cow = await call(server.baseUrl, address(carol.mid, 'cow', 'bnb'), { method: 'GET', token: carol.token });
    expect(bnb.json.code).toBe(200);
    expect(bnb.json.data.address).toBe(cow.json.data.address);
    expect(
      (await call(server.baseUrl, address(dave.mid, 'cow', 'bnb'), { method: 'GET', token: carol.token })).json.code,
    ).toBe(1226);
    expect(
      (await call(server.baseUrl, address(carol.mid, 'cow', 'bnb', 'B'), { method: 'GET', token: carol.token })).json
        .code,
    ).toBe(1225);
    expect((await call(server.baseUrl, address(carol.mid, 'cow', 'bnb'), { method: 'GET' })).status).toBe(401);
  });
});
