import { createTestClient, type Hex, http, parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { AWAITING_FUNDS_ALERT, payoutWorker } from '../src/domain/withdraw/payout-worker.ts';
import { type ChainTestServer, chainWallet } from './chain.ts';
import { call } from './test-server.ts';
import { balanceOf, credit, signUp } from './users.ts';
import { DEPTH, useWithdrawChain } from './withdraw-chain.ts';

describe('withdrawals the hot wallet cannot cover wait for funds (BNB Smart Chain dev chain)', () => {
  const chain = useWithdrawChain();
  const { bsc, withdraw, tokenBalance, payoutsOnChain, row, ledgerOk } = chain;
  let server: ChainTestServer;
  beforeAll(() => {
    server = chain.server;
  });

  /** A worker whose alert log lines are kept, to look at. */
  const alerts: Record<string, unknown>[] = [];
  const worker = (owner = 'payouts-1', awaitingReserveAfterMs?: number) =>
    payoutWorker({
      repos: server.repos,
      chain: bsc().payouts,
      owner,
      confirmations: DEPTH,
      ...bsc().payoutGas,
      leaseMs: 1,
      ...(awaitingReserveAfterMs === undefined ? {} : { awaitingReserveAfterMs }),
      log: { warn: (fields) => alerts.push(fields as Record<string, unknown>) },
    });
  const node = () => createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
  const ops = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: init.method ?? 'POST',
      headers: { authorization: 'Bearer aidf-dev-operator-token', 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return res;
  };
  const awaitingMetric = async () => {
    const text = await (await ops('/metrics', { method: 'GET' })).text();
    const line = text.split('\n').find((l) => l.startsWith('aidf_withdrawals_awaiting_funds '));
    return line === undefined ? null : Number(line.split(' ')[1]);
  };
  const listOf = async (account: { token: string }) =>
    (await call(server.baseUrl, '/v1/oms/assets/withdraw/web3/p/1-10', { method: 'GET', token: account.token })).json
      .data.list as { id: string; status: string; txId: string | null }[];
  /** A platform account's balance, as an exact decimal string. */
  const platformBalance = (code: string, currency: string) =>
    server.database.withSession(async (session) => {
      const [r] = await session.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM accounts WHERE kind = 'platform' AND platform_code = $1
           AND currency = $2 AND submode = '00'`,
        [code, currency],
      );
      return parseUnits(r?.balance ?? '0', 18);
    });
  const hotBnb = () => bsc().client.getBalance({ address: bsc().hotWallet.address });
  /** Pays everything open and lets it confirm, so each test starts from a quiet hot wallet. */
  const settleAll = async () => {
    await worker().tick();
    await server.evm.mine(DEPTH);
    await worker().tick();
  };

  it('waits while the hot wallet lacks COW, tells the user and the operators, then pays it once funds arrive', async () => {
    await settleAll();
    const big = await signUp(server);
    const small = await signUp(server);
    await credit(server, big.username, 'cow', '200000');
    await credit(server, small.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const hotCow = await tokenBalance(bsc().hotWallet.address);
    // Twice what the hot wallet holds: it must not be signed (its transfer would revert and be refunded).
    const tooMuch = ((hotCow * 2n) / 10n ** 18n).toString();
    const first = (await withdraw(big, tooMuch, receiver)).json.data;
    const later = (await withdraw(small, '10', receiver)).json.data;

    const tick = await worker().tick();
    expect(tick).toMatchObject({ outcome: 'worked', awaiting: 1, waiting: 1, signed: 1 });
    const waiting = await row(first.id);
    expect(waiting).toMatchObject({ status: 'awaiting-funds', signedTx: null, nonce: null });
    expect(waiting.awaitingReason).toMatch(/^the hot wallet lacks COW: needs \d+(\.\d+)?, \d+(\.\d+)? free$/);
    expect(waiting.awaitingSince).toBeInstanceOf(Date);
    // A later, smaller one that fits is not stopped by it.
    expect((await row(later.id)).status).toBe('sent');
    expect(await balanceOf(server, big, 'cow')).toBe(String(200000 - Number(tooMuch))); // still debited, not refunded

    // The user sees it waiting; the operators get the alert line once, the metric, and the list.
    expect((await listOf(big))[0]).toEqual(
      expect.objectContaining({ id: first.id, status: 'awaiting-funds', txId: null }),
    );
    expect(alerts.filter((a) => a.alert === AWAITING_FUNDS_ALERT)).toEqual([
      expect.objectContaining({ withdrawalId: first.id, currency: 'cow', reason: waiting.awaitingReason }),
    ]);
    expect(await awaitingMetric()).toBe(1);
    expect((await server.repos.withdrawals.awaitingFunds()).map((w) => w.id.toString())).toEqual([first.id]);
    const status = (await (await ops('/ops/v1/chain/status', { method: 'GET' })).json()) as {
      data: { awaitingFunds: { id: string; reason: string }[] };
    };
    expect(status.data.awaitingFunds).toEqual([
      expect.objectContaining({ id: first.id, reason: waiting.awaitingReason }),
    ]);

    // Another tick while nothing arrived: it keeps waiting, since the same time, and no second alert.
    await server.evm.mine(DEPTH);
    expect(await worker().tick()).toMatchObject({ awaiting: 0, waiting: 1 });
    expect((await row(first.id)).awaitingSince).toEqual(waiting.awaitingSince);
    expect(alerts.filter((a) => a.alert === AWAITING_FUNDS_ALERT)).toHaveLength(1);
    expect((await row(later.id)).status).toBe('confirmed');

    // Funds arrive (as a sweep would bring them): the next tick pays it; its gas is booked to the wei.
    await server.evm.fund(bsc().hotWallet.address, { cow: tooMuch });
    const chainBnbBefore = await platformBalance('chain-bsc', 'bnb');
    const feesBefore = await platformBalance('chain-fees-bsc', 'bnb');
    const hotBnbBefore = await hotBnb();
    await worker().tick();
    const sent = await row(first.id);
    expect(sent.status).toBe('sent');
    expect(sent.awaitingSince).toEqual(waiting.awaitingSince); // kept as the record of its wait
    expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18) + parseUnits(sent.receiveAmount, 18));
    await server.evm.mine(DEPTH);
    await worker().tick();
    const paid = await row(first.id);
    expect(paid.status).toBe('confirmed');
    expect((await listOf(big))[0]).toEqual(expect.objectContaining({ status: 'confirmed', txId: paid.txHash }));
    expect(await payoutsOnChain(receiver)).toBe(2);
    expect(await awaitingMetric()).toBe(0);

    const receipt = await bsc().client.getTransactionReceipt({ hash: paid.txHash as Hex });
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(fee).toBeGreaterThan(0n);
    // The hot wallet's BNB fell by exactly the fee; what the ledger says the chain holds fell by the same.
    expect(hotBnbBefore - (await hotBnb())).toBe(fee);
    expect((await platformBalance('chain-bsc', 'bnb')) - chainBnbBefore).toBe(fee);
    expect(feesBefore - (await platformBalance('chain-fees-bsc', 'bnb'))).toBe(fee);
    // Once per transaction hash: a second settlement attempt books nothing more.
    await worker().tick();
    expect((await platformBalance('chain-bsc', 'bnb')) - chainBnbBefore).toBe(fee);
    await ledgerOk();
  });

  it('waits while the hot wallet lacks BNB for gas, and goes once BNB arrives', async () => {
    await settleAll();
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const bnbBefore = await hotBnb();
    await node().setBalance({ address: bsc().hotWallet.address, value: 1000n });
    try {
      const { json } = await withdraw(user, '10', receiver);
      await worker().tick();
      const waiting = await row(json.data.id);
      expect(waiting.status).toBe('awaiting-funds');
      expect(waiting.awaitingReason).toMatch(
        /^the hot wallet lacks BNB for gas: needs [\d.]+, 0\.000000000000001 free$/,
      );
      expect(await payoutsOnChain(receiver)).toBe(0);
    } finally {
      await node().setBalance({ address: bsc().hotWallet.address, value: bnbBefore });
    }
    await settleAll();
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect((await listOf(user))[0]?.status).toBe('confirmed');
    await ledgerOk();
  });

  it('keeps the turn of a payout that waited long enough: later ones wait behind it', async () => {
    await settleAll();
    const big = await signUp(server);
    const small = await signUp(server);
    await credit(server, big.username, 'cow', '200000');
    await credit(server, small.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const hotCow = await tokenBalance(bsc().hotWallet.address);
    const first = (await withdraw(big, ((hotCow * 2n) / 10n ** 18n).toString(), receiver)).json.data;
    // Waiting for at least 0 ms keeps its turn at once: what it needs is kept back from later payouts.
    await worker('payouts-1', 0).tick();
    expect((await row(first.id)).status).toBe('awaiting-funds');
    const later = (await withdraw(small, '10', receiver)).json.data;
    await worker('payouts-1', 0).tick();
    expect((await row(later.id)).status).toBe('awaiting-funds');
    expect(await payoutsOnChain(receiver)).toBe(0);

    // The default (an hour) lets the later one go first.
    await worker().tick();
    expect((await row(later.id)).status).toBe('sent');
    expect((await row(first.id)).status).toBe('awaiting-funds');
    // Refunded by an operator below (the next test) or paid once funds come: here, refund it to keep the wallet.
    const refund = await ops(`/ops/v1/payouts/${first.id}/refund`, { body: { reason: 'too large for today' } });
    const answer = (await refund.json()) as { code: number; data: { status: string; proposalId?: string } };
    expect(answer.code).toBe(200);
    await settleAll();
    await ledgerOk();
  });

  it('lets an operator refund a waiting payout (nothing was signed), but not retry it', async () => {
    await settleAll();
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const bnbBefore = await hotBnb();
    await node().setBalance({ address: bsc().hotWallet.address, value: 0n });
    let id: string;
    try {
      id = (await withdraw(user, '10', receiver)).json.data.id;
      await worker().tick();
      expect((await row(id)).status).toBe('awaiting-funds');
      const retry = (await (await ops(`/ops/v1/payouts/${id}/retry`, { body: { reason: 'x' } })).json()) as {
        code: number;
      };
      expect(retry.code).toBe(1225);
      const refund = (await (
        await ops(`/ops/v1/payouts/${id}/refund`, { body: { reason: 'user asked, ticket 7' } })
      ).json()) as { code: number; data: { status: string } };
      expect(refund).toMatchObject({ code: 200, data: { status: 'refunded' } });
    } finally {
      await node().setBalance({ address: bsc().hotWallet.address, value: bnbBefore });
    }
    const ended = await row(id);
    expect(ended).toMatchObject({ status: 'refunded', signedTx: null });
    expect(ended.failure).toMatch(/user asked, ticket 7/);
    expect(await balanceOf(server, user, 'cow')).toBe('20');
    // A second refund, or the worker now that BNB is back, changes nothing.
    const again = (await (await ops(`/ops/v1/payouts/${id}/refund`, { body: { reason: 'again' } })).json()) as {
      code: number;
    };
    expect(again.code).toBe(1225);
    await settleAll();
    expect(await payoutsOnChain(receiver)).toBe(0);
    expect(await balanceOf(server, user, 'cow')).toBe('20');
    await ledgerOk();
  });

  it('two workers at once never promise the hot wallet twice: one payout goes, the other waits', async () => {
    await settleAll();
    const a = await signUp(server);
    const b = await signUp(server);
    const hotCow = await tokenBalance(bsc().hotWallet.address);
    // Each of the two fits alone; both together do not.
    const each = ((hotCow * 6n) / 10n / 10n ** 18n).toString();
    await credit(server, a.username, 'cow', each);
    await credit(server, b.username, 'cow', each);
    const receiver = (await chainWallet(server.evm)).address;
    const wa = (await withdraw(a, each, receiver)).json.data;
    const wb = (await withdraw(b, each, receiver)).json.data;
    await Promise.all([worker('payouts-1').tick(), worker('payouts-2').tick(), worker('payouts-3').tick()]);
    const statuses = [(await row(wa.id)).status, (await row(wb.id)).status].sort();
    expect(statuses).toEqual(['awaiting-funds', 'sent']);
    expect(await payoutsOnChain(receiver)).toBe(1);
    await server.evm.mine(DEPTH);
    await Promise.all([worker('payouts-1').tick(), worker('payouts-2').tick()]);
    expect(await payoutsOnChain(receiver)).toBe(1);

    await server.evm.fund(bsc().hotWallet.address, { cow: each });
    await Promise.all([worker('payouts-1').tick(), worker('payouts-2').tick()]);
    await server.evm.mine(DEPTH);
    await worker().tick();
    expect((await row(wa.id)).status).toBe('confirmed');
    expect((await row(wb.id)).status).toBe('confirmed');
    expect(await payoutsOnChain(receiver)).toBe(2);
    await ledgerOk();
  });
});
