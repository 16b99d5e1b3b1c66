import { Money } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../src/domain/ledger/post-movement.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, ops, signUp, transferBody } from './users.ts';

describe('[api] statement lines a person can recognise: movement, counterparty, transaction link, type filter', () => {
  let server: TestServer;
  let alice: Account;
  let bob: Account;
  let movementId: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  const bill = async (who: Account, body: Record<string, unknown> = {}): Promise<any[]> => {
    const res = await call(server.baseUrl, '/v1/ma/account/finance/usdt/p/1-50', { body, token: who.token });
    expect(res.status, res.text).toBe(200);
    return res.json.data.list;
  };

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    bob = await signUp(server);
    await credit(server, alice.username, 'usdt', '20');
    const sent = await call(server.baseUrl, '/v1/cow/home/transfer', {
      body: await transferBody(alice, bob.username, 'usdt', '5'),
      token: alice.token,
    });
    expect(sent.status, sent.text).toBe(200);
    movementId = sent.json.data.movementId;
  });
  afterAll(() => server.close());

  it("names the other user of a transfer on both sides, with the transfer's movement id", async () => {
    const [out] = await bill(alice);
    expect(out).toMatchObject({ type: 'user-transfer-out', counterparty: bob.username, movementId, txHash: null });
    const [incoming] = await bill(bob);
    expect(incoming).toMatchObject({ type: 'user-transfer-in', counterparty: alice.username, movementId });
    // An operator credit names no one: the operator's name stays internal.
    const admin = (await bill(alice)).find((l) => l.type === 'merchant-system-transfer');
    expect(admin).toMatchObject({ counterparty: null, txHash: null, txUrl: null });
  });

  it('links an on-chain line to the explorer the operators set, by the chain its hash belongs to', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const prepared = await prepareMovement(server.app.repos, {
      type: 'chain-recharge',
      idemKey: `test-deposit:${hash}`,
      ref: hash,
      lines: [
        { account: platformAccount(PLATFORM.chain('bsc'), 'usdt'), amount: new Money('-3') },
        { account: userAccount(BigInt(bob.mid), 'usdt'), amount: new Money('3') },
      ],
    });
    await server.app.repos.transaction((tx) => postPrepared(tx, prepared));
    const [line] = await bill(bob);
    expect(line).toMatchObject({ type: 'chain-recharge', txHash: hash, txUrl: `https://bscscan.com/tx/${hash}` });

    const set = await ops(server, 'POST', '/ops/v1/config', {
      key: 'explorer.tx.bsc',
      value: 'https://testnet.bscscan.com/tx/{tx}',
      reason: 'history test',
    });
    expect(set.status).toBe(200);
    expect((await bill(bob))[0].txUrl).toBe(`https://testnet.bscscan.com/tx/${hash}`);
    const refused = await ops(server, 'POST', '/ops/v1/config', {
      key: 'explorer.tx.bsc',
      value: 'javascript:alert(1)//{tx}',
      reason: 'history test',
    });
    expect(refused.status).toBe(400);
  });

  it('filters by one type; an income list asked for a non-income type is empty', async () => {
    const outs = await bill(alice, { type: 'user-transfer-out' });
    expect(outs.map((l) => l.type)).toEqual(['user-transfer-out']);
    expect(await bill(alice, { type: 'user-transfer-out', category: 'income' })).toEqual([]);
    expect((await bill(alice, { type: 'merchant-system-transfer' })).map((l) => l.type)).toEqual([
      'merchant-system-transfer',
    ]);
  });

  it('the currency statement filters by one type too (query `type`); without it every line', async () => {
    const statement = async (query = '') => {
      const res = await call(server.baseUrl, `/v1/ma/account/finance/usdt/00/p/1-50${query}`, {
        method: 'GET',
        token: alice.token,
      });
      expect(res.status, res.text).toBe(200);
      return (res.json.data.list as { type: string }[]).map((l) => l.type);
    };
    expect(await statement('?type=user-transfer-out')).toEqual(['user-transfer-out']);
    expect(await statement('?type=chain-withdraw')).toEqual([]);
    const all = await statement();
    expect(all).toEqual(expect.arrayContaining(['user-transfer-out', 'merchant-system-transfer']));
    expect(all.length).toBeGreaterThan(1);
  });
});
