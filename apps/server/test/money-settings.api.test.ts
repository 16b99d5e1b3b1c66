import { getAddress, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { type Operator, signIn } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { ops, signUp } from './users.ts';
import { evmWallet, solanaWallet } from './wallets.ts';

const freshBsc = () => privateKeyToAccount(generatePrivateKey()).address;
const freshSolana = () => solanaWallet().address;
/** The address in one case only: no checksum in it. */
const lower = (address: string) => address.toLowerCase();
/** The address with one letter's case flipped: a checksum that does not match. */
const miscased = (address: string) => {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address.charAt(at);
  return address.slice(0, at) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(at + 1);
};

/**
 * Money settings (where the platform recognises or sends money, or how far it trusts what it sees) change only
 * through four eyes, the operator token's changes too, and are checked like an address the platform pays, when
 * proposed and again when approved.
 */
describe('[api] money settings need two people', () => {
  let server: ChainTestServer;
  let ada: Operator;
  let bob: Operator;
  /** An admin neither the token nor ada made alone: ada proposed the account, bob approved it. */
  let carol: Operator;

  beforeAll(async () => {
    server = await startChainTestServer();
    const atOnce = async (username: string) =>
      signIn(server, (await ops(server, 'POST', '/ops/v1/operators', { username, role: 'admin' })).json.data);
    ada = await atOnce('ada');
    bob = await atOnce('bob');
    const proposed = await ada.call('POST', '/ops/v1/operators', { username: 'carol', role: 'admin' });
    carol = await signIn(
      server,
      (await bob.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`)).json.data,
    );
  }, 240_000); // a fresh database, the dev chain and slow password hashes on a busy machine
  afterAll(() => server.close(), 120_000);

  const setByToken = (key: string, value: string) =>
    ops(server, 'POST', '/ops/v1/config', { key, value, reason: 'money' });
  const setBy = (by: Operator, key: string, value: string) =>
    by.call('POST', '/ops/v1/config', { key, value, reason: 'money' });
  const approveByToken = (id: string) => ops(server, 'POST', `/ops/v1/proposals/${id}/approve`);
  const approveBy = (by: Operator, id: string) => by.call('POST', `/ops/v1/proposals/${id}/approve`);
  const value = async (key: string) => (await server.repos.settings.get([key])).get(key) ?? null;
  const proposalCount = async () => ((await ada.call('GET', '/ops/v1/proposals?status=all')).json.data as []).length;
  const depositOf = async (currency: 'bnb' | 'sol') => {
    const user = await signUp(server);
    const coin = currency === 'bnb' ? 'cow/bnb' : 'sol/sol';
    const res = await call(server.baseUrl, `/v1/chn/coin/${coin}/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    return res.json.data.address as string;
  };

  it('lists every money setting as four eyes, and no other', async () => {
    const listed = (await ada.call('GET', '/ops/v1/config')).json.data as { key: string; fourEyes: boolean }[];
    const fourEyes = (key: string) => listed.find((s) => s.key === key)?.fourEyes;
    for (const key of [
      'invest.contract.bsc',
      'machine.collectionAddress.bsc',
      'machine.collectionAddress.solana',
      'treasury.coldAddress.bsc',
      'treasury.dust.usdt',
      'credit.approvalThreshold.aidf',
      'treasury.minSweep.cow',
      'treasury.hotMax.solana.sol',
      'treasury.hotMin.bsc.usdt',
      'proposal.expiryHours',
    ]) {
      expect(fourEyes(key), key).toBe(true);
    }
    expect(fourEyes('pledge.rate.90')).toBe(false);
    expect(fourEyes('machine.dailyRate')).toBe(false);
  });

  it('each is a proposal, by the token or a named admin; unchanged until an independent admin approves', async () => {
    // The invest contract starts off here, so that its approval is seen to change it.
    await server.repos.settings.set('invest.contract.bsc', '', 'test');
    const invest = getAddress(server.evm.invest);
    const changes: [key: string, byToken: string, byAda: string][] = [
      ['invest.contract.bsc', invest, ''],
      ['machine.collectionAddress.bsc', freshBsc(), freshBsc()],
      ['machine.collectionAddress.solana', freshSolana(), freshSolana()],
      ['treasury.coldAddress.bsc', freshBsc(), freshBsc()],
      ['treasury.coldAddress.solana', freshSolana(), freshSolana()],
      ['treasury.dust.usdt', '0.5', '0.25'],
      ['credit.approvalThreshold.usdt', '5000', '6000'],
      ['treasury.minSweep.cow', '5', '6'],
      ['treasury.hotMax.bsc.cow', '100', '200'],
      ['treasury.hotMin.bsc.cow', '10', '20'],
      ['proposal.expiryHours', '48', '24'],
    ];
    for (const [key, byToken, byAda] of changes) {
      const before = await value(key);
      const viaToken = await setByToken(key, byToken);
      expect(viaToken.json.data, key).toMatchObject({ status: 'proposed', key, before, after: byToken });
      const viaAda = await setBy(ada, key, byAda);
      expect(viaAda.json.data, key).toMatchObject({ status: 'proposed', key, before, after: byAda });
      expect(await value(key), key).toBe(before);

      // The proposer cannot approve, nor an account the token made (ada) a change of the token's.
      expect((await approveByToken(viaToken.json.data.proposalId)).json.code, key).toBe(1403);
      // ada was made by the token: one person with it (14032, "created or approved the proposer's account").
      expect((await approveBy(ada, viaToken.json.data.proposalId)).json.code, key).toBe(14032);
      expect((await approveBy(ada, viaAda.json.data.proposalId)).json.code, key).toBe(1403);
      expect(await value(key), key).toBe(before);

      const applied = await approveBy(carol, viaToken.json.data.proposalId);
      expect(applied.json.data, key).toMatchObject({ status: 'applied', key, after: byToken });
      expect(await value(key), key).toBe(byToken);
      expect((await approveBy(bob, viaAda.json.data.proposalId)).json.data, key).toMatchObject({ status: 'applied' });
      expect(await value(key), key).toBe(byAda);
    }
    // The dev chain's real invest contract was accepted (and then switched off by ada's proposal, which bob approved).
    expect(changes[0]?.[1]).toBe(invest);
  }, 120_000);

  it('refuses as collection address the zero address, a wrong checksum, a deposit address, a bound wallet, the hot wallet', async () => {
    const key = 'machine.collectionAddress.bsc';
    const before = await value(key);
    const proposals = await proposalCount();
    const good = freshBsc();
    const deposit = await depositOf('bnb');
    const bound = (await signUp(server)).wallet.address;
    const hot = server.app.chains.bsc?.hotWalletAddress;
    expect(hot).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await server.repos.settings.set('treasury.coldAddress.bsc', getAddress(freshBsc()), 'test');
    await server.repos.settings.set('invest.contract.bsc', getAddress(server.evm.invest), 'test');
    const cold = (await value('treasury.coldAddress.bsc')) as string;
    for (const [given, code] of [
      [zeroAddress, 81017],
      [miscased(good), 81016],
      [lower(good), 81016],
      [deposit, 81018],
      [bound, 81018],
      [hot as string, 81018],
      [cold, 81018],
      [getAddress(server.evm.invest), 81018],
      [getAddress(server.evm.tokens.cow), 81018],
      ['0x1234', 1225],
      ['', 1225],
    ] as const) {
      for (const res of [await setByToken(key, given), await setBy(ada, key, given)]) {
        expect(res.status, given).toBe(400);
        expect(res.json.code, given).toBe(code);
      }
    }
    const solana = 'machine.collectionAddress.solana';
    const solBefore = await value(solana);
    const solBound = (await signUp(server, solanaWallet())).wallet.address;
    for (const [given, code] of [
      ['11111111111111111111111111111111', 81017],
      [await depositOf('sol'), 81018],
      [solBound, 81018],
    ] as const) {
      expect((await setByToken(solana, given)).json.code, given).toBe(code);
    }
    expect(await value(key)).toBe(before);
    expect(await value(solana)).toBe(solBefore);
    expect(await proposalCount()).toBe(proposals);
  });

  it('checks a collection address again when it is approved: a user bound it meanwhile', async () => {
    const key = 'machine.collectionAddress.bsc';
    const before = await value(key);
    const wallet = evmWallet();
    const proposed = await setByToken(key, wallet.address);
    expect(proposed.json.data.status).toBe('proposed');
    await signUp(server, wallet);
    const refused = await approveBy(carol, proposed.json.data.proposalId);
    expect(refused.json.code).toBe(81018);
    expect(await value(key)).toBe(before);
  });

  it('refuses as invest contract zero, a deposit address, an address with no code; accepts the real one', async () => {
    const key = 'invest.contract.bsc';
    const before = await value(key);
    const proposals = await proposalCount();
    const eoa = await chainWallet(server.evm);
    for (const [given, code] of [
      [zeroAddress, 81017],
      [await depositOf('bnb'), 81018],
      [eoa.address, 1225],
      [getAddress(freshBsc()), 1225],
      [lower(server.evm.invest), 81016],
    ] as const) {
      const res = await setByToken(key, given);
      expect(res.json.code, given).toBe(code);
    }
    expect(await value(key)).toBe(before);
    expect(await proposalCount()).toBe(proposals);

    const proposed = await setBy(ada, key, getAddress(server.evm.invest));
    expect(proposed.json.data.status).toBe('proposed');
    expect((await approveBy(bob, proposed.json.data.proposalId)).json.data).toMatchObject({ status: 'applied' });
    expect(await value(key)).toBe(getAddress(server.evm.invest));
  });

  it('refuses reserves dust above one whole unit (1225)', async () => {
    const proposals = await proposalCount();
    for (const given of ['1.000000000000000001', '2', '100000000000000000000000']) {
      const res = await setByToken('treasury.dust.cow', given);
      expect(res.json.code, given).toBe(1225);
    }
    expect(await value('treasury.dust.cow')).toBeNull();
    expect(await proposalCount()).toBe(proposals);
    expect((await setByToken('treasury.dust.cow', '1')).json.data.status).toBe('proposed');
  });
});

describe('[api] money settings without BNB Smart Chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({});
  }, 120_000);
  afterAll(() => server.close(), 120_000);

  it('refuses an invest contract it cannot check on chain (81034), and allows switching investing off', async () => {
    // Two founders: a proposal needs someone who could approve it.
    const atOnce = async (username: string) =>
      signIn(server, (await ops(server, 'POST', '/ops/v1/operators', { username, role: 'admin' })).json.data);
    const ada = await atOnce('ada');
    await atOnce('bob');
    const res = await ada.call('POST', '/ops/v1/config', {
      key: 'invest.contract.bsc',
      value: getAddress(freshBsc()),
      reason: 'no chain here',
    });
    expect(res.json.code).toBe(81034);
    const off = await ada.call('POST', '/ops/v1/config', { key: 'invest.contract.bsc', value: '', reason: 'off' });
    expect(off.json.data).toMatchObject({ status: 'proposed', after: '' });
  });
});
