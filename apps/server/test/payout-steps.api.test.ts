import { createTestClient, type Hex, http, keccak256, parseTransaction, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalRow } from '../src/db/repositories/withdrawals.ts';
import { AWAITING_FUNDS_ALERT, AWAITING_FUNDS_STEP, awaitFunds } from '../src/domain/withdraw/payout/awaiting-funds.ts';
import { BROADCAST_STEP, broadcastPayout } from '../src/domain/withdraw/payout/broadcast.ts';
import { BUMP_STEP, waitOrBump } from '../src/domain/withdraw/payout/bump.ts';
import { CONFIRM_STEP, confirmMined, minedVariant, planOpen } from '../src/domain/withdraw/payout/confirm.ts';
import { newTickReport, type PayoutContext } from '../src/domain/withdraw/payout/context.ts';
import { NONCE_TAKEN_STEP, nonceTakenByAnother, refundNonceTaken } from '../src/domain/withdraw/payout/nonce-taken.ts';
import { PLAN_STEP, planSigning, type SigningRound } from '../src/domain/withdraw/payout/plan.ts';
import { destinationOrRefund, REFUSED_DESTINATION_STEP } from '../src/domain/withdraw/payout/refused-destination.ts';
import { SETTLE_STEP, settleWithdrawal } from '../src/domain/withdraw/payout/settle.ts';
import { holdUnsignable, needOf, SIGN_STEP, signPayout } from '../src/domain/withdraw/payout/sign.ts';
import { NO_FUNDS } from '../src/domain/withdraw/payout-funds.ts';
import { type ChainTestServer, chainWallet } from './chain.ts';
import { balanceOf, credit, signUp } from './users.ts';
import { DEPTH, useWithdrawChain } from './withdraw-chain.ts';

/**
 * Each step of the payout worker (domain/withdraw/payout/) alone, on the real database and dev chain: the step is
 * called directly on a payout put in its starting state, and the state it leaves is read back. The whole worker's
 * flows, crashes and races are in withdraw-payout, withdraw-awaiting-funds and payout-chain-faults.
 */
describe('the payout worker, one step at a time', () => {
  const chain = useWithdrawChain();
  const { bsc, withdraw, payoutsOnChain, row, ledgerOk } = chain;
  let server: ChainTestServer;
  beforeAll(() => {
    server = chain.server;
  });

  const ctx = (more: Partial<PayoutContext> = {}): PayoutContext => ({
    repos: server.repos,
    chain: bsc().payouts,
    owner: 'payout-steps',
    confirmations: DEPTH,
    ...bsc().payoutGas,
    ...more,
  });
  /** A user's withdrawal of `amount` COW, requested (nothing signed), and where it pays to. */
  const requested = async (amount = '10') => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '100');
    const receiver = (await chainWallet(server.evm)).address;
    const { json } = await withdraw(user, amount, receiver);
    return { user, receiver, w: await row(json.data.id) };
  };
  const nextNonce = () => server.repos.transaction((tx) => tx.withdrawals.lockNonce('bsc', bsc().payouts.hotWallet));
  /** Plans and signs `w` (the sign step's way in), leaving it signed and not sent. */
  const signed = async (w: WithdrawalRow, more: Partial<PayoutContext> = {}) => {
    const round = (await planSigning(ctx(more))) as SigningRound;
    const need = needOf(w.receiveAmount, round.token.decimals, bsc().payouts.feeCap(round.gasPrice));
    const result = await signPayout(ctx(more), w, round, { reserved: NO_FUNDS, need });
    if (result?.kind !== 'signed') throw new Error(`not signed: ${JSON.stringify(result)}`);
    return result.row;
  };
  /** Every payout a test left unended is refunded, so that the next test's plan sees only its own. */
  afterEach(async () => {
    for (const w of await server.repos.withdrawals.withStatus([...SETTLE_STEP.from], 500)) {
      await settleWithdrawal(server.repos, w, { failure: 'test over', blockNumber: null });
    }
  });

  it('plan: reads the unsigned payouts, the capped gas price and the hot wallet at one block; catches the nonce up', async () => {
    expect(await planSigning(ctx())).toBeNull(); // nothing unsigned: the chain is not asked
    const { w } = await requested();
    const round = (await planSigning(ctx({ maxGasPrice: 7n }))) as SigningRound;
    expect(round.unsigned.map((u) => u.id)).toEqual([w.id]);
    expect(PLAN_STEP.from).toContain(w.status);
    expect(round.gasPrice).toBe(7n); // the network asks more: the cap holds
    expect(round.head).toBe(await bsc().payouts.head());
    const balances = await bsc().payouts.balances(round.token.contract, round.head);
    expect(round.snapshot).toEqual({
      block: round.head,
      minedNonce: await bsc().payouts.nonceAt(round.head),
      token: balances.token,
      native: balances.native,
    });
    expect(round.snapshot.token).toBeGreaterThan(0n);
    expect(await nextNonce()).toBe(await bsc().payouts.pendingNonce());
  });

  it('sign: records the bytes under the next nonce and sends nothing; a stale row or a payout too big writes nothing', async () => {
    const { w, receiver } = await requested();
    const round = (await planSigning(ctx())) as SigningRound;
    const before = await nextNonce();
    const need = needOf(w.receiveAmount, round.token.decimals, bsc().payouts.feeCap(round.gasPrice));

    const tooBig = { reserved: NO_FUNDS, need: { ...need, token: round.snapshot.token + 1n } };
    const short = await signPayout(ctx(), w, round, tooBig);
    expect(short).toMatchObject({ kind: 'short', reason: expect.stringMatching(/^the hot wallet lacks COW: needs/) });
    expect((await row(w.id.toString())).status).toBe('requested');
    expect(await nextNonce()).toBe(before);

    const result = await signPayout(ctx(), w, round, { reserved: NO_FUNDS, need });
    expect(result?.kind).toBe('signed');
    const after = await row(w.id.toString());
    expect(SIGN_STEP.to).toContain(after.status);
    expect(after).toMatchObject({ status: 'signed', nonce: before, pricedAtBlock: round.head });
    const tx = parseTransaction(after.signedTx as Hex);
    expect({ nonce: BigInt(tx.nonce ?? -1), gasPrice: tx.gasPrice }).toEqual({
      nonce: before,
      gasPrice: round.gasPrice,
    });
    expect(keccak256(after.signedTx as Hex)).toBe(after.txHash);
    expect(await server.repos.withdrawals.variantHashes(after)).toEqual([after.txHash]);
    expect(await nextNonce()).toBe((before as bigint) + 1n);
    expect(await payoutsOnChain(receiver)).toBe(0);

    // The row as another worker saw it before this one signed: nothing written, the nonce stays.
    expect(await signPayout(ctx(), w, round, { reserved: NO_FUNDS, need })).toBeNull();
    expect(await nextNonce()).toBe((before as bigint) + 1n);
    await bsc().payouts.broadcast(after.signedTx as Hex); // its nonce used, for the next tests' payouts
  });

  it('sign: a payout whose signing failed is held for an operator', async () => {
    const { w } = await requested();
    const report = newTickReport();
    await holdUnsignable(ctx(), report, w, new Error('the key is gone'));
    const held = await row(w.id.toString());
    expect(SIGN_STEP.to).toContain(held.status);
    expect(held).toMatchObject({ status: 'held', heldReason: 'signing failed: the key is gone' });
    expect(report.counts.held).toBe(1);
  });

  it('awaiting funds: waits with its reason, alerts once, and keeps its turn after the set time', async () => {
    const { w } = await requested();
    const alerts: object[] = [];
    const log = { warn: (fields: object) => alerts.push(fields) };
    const now = new Date();
    expect(await awaitFunds(ctx({ log }), w, 'the hot wallet lacks COW', now)).toEqual({
      started: true,
      keepsItsTurn: false,
    });
    const waiting = await row(w.id.toString());
    expect(AWAITING_FUNDS_STEP.to).toContain(waiting.status);
    expect(waiting).toMatchObject({ status: 'awaiting-funds', awaitingReason: 'the hot wallet lacks COW' });
    expect(alerts).toEqual([expect.objectContaining({ alert: AWAITING_FUNDS_ALERT, withdrawalId: w.id.toString() })]);

    // The next tick: still waiting, no second alert; with no grace it keeps its turn.
    const since = waiting.awaitingSince as Date; // the database's clock: read back, not this process's
    const still = await awaitFunds(ctx({ log, awaitingReserveAfterMs: 0 }), waiting, 'still short', since);
    expect(still).toEqual({ started: false, keepsItsTurn: true });
    expect(alerts).toHaveLength(1);
    // A row that moved meanwhile (here: still 'requested' as its caller saw it) is left alone.
    expect(await awaitFunds(ctx({ log }), w, 'stale', now)).toBeNull();
  });

  it('refused destination: an address the strict rule refuses is refunded before anything is signed', async () => {
    const { w, user } = await requested();
    const report = newTickReport();
    const round = { platform: ((await planSigning(ctx())) as SigningRound).platform };
    expect((await destinationOrRefund(ctx(), report, w, round))?.toLowerCase()).toBe(w.toAddress.toLowerCase());
    expect((await row(w.id.toString())).status).toBe('requested');

    const lower = { ...w, toAddress: `0x${'aB'.repeat(20)}` }; // a mixed-case address with a wrong checksum
    expect(await destinationOrRefund(ctx(), report, lower, round)).toBeNull();
    const refunded = await row(w.id.toString());
    expect(REFUSED_DESTINATION_STEP.to).toContain(refunded.status);
    expect(refunded.failure).toMatch(/^destination refused: /);
    expect(report.counts.settled).toBe(1);
    expect(await balanceOf(server, user, 'cow')).toBe('100');
    await ledgerOk();
  });

  it('broadcast: a signed payout goes out and is sent; bytes the node refuses hold it', async () => {
    const { w, receiver } = await requested();
    const signedRow = await signed(w);
    expect(await broadcastPayout(ctx(), signedRow)).toBe('sent');
    const sent = await row(w.id.toString());
    expect(BROADCAST_STEP.to).toContain(sent.status);
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).not.toBeNull();
    expect(await payoutsOnChain(receiver)).toBe(1);
    // Sent again (the node has it): still sent, one transfer.
    expect(await broadcastPayout(ctx(), sent)).toBe('sent');
    expect(await payoutsOnChain(receiver)).toBe(1);

    // Bytes for another chain (id 1): no node of this one takes them, sending again cannot help.
    const foreign = await privateKeyToAccount(chain.hotWalletKey).signTransaction({
      chainId: 1,
      type: 'legacy',
      to: receiver,
      value: 0n,
      gas: 21_000n,
      gasPrice: 10n ** 9n,
      nonce: 1_000_000,
    });
    // Recorded as signed under a nonce of its own, so that no later payout's nonce is left unused.
    const other = (await requested()).w;
    await server.database.withSession((session) =>
      session.exec(
        `UPDATE withdrawals SET status = 'signed', hot_wallet = '${bsc().hotWallet.address}', nonce = 1000000,
           signed_tx = '${foreign}', tx_hash = '${keccak256(foreign)}', signed_at = now() WHERE id = ${other.id}`,
      ),
    );
    expect(await broadcastPayout(ctx(), await row(other.id.toString()))).toBe('held');
    const held = await row(other.id.toString());
    expect(BROADCAST_STEP.to).toContain(held.status);
    expect(held.heldReason).toMatch(/^the node refused it: /);
  });

  it('confirm: a mined payout waits for the depth, then ends confirmed with its gas booked', async () => {
    const { w, user } = await requested();
    await broadcastPayout(ctx(), await signed(w));
    const report = newTickReport();
    const early = (await planOpen(ctx())) ?? expect.unreachable();
    const sent = early.open.find((o) => o.id === w.id) ?? expect.unreachable();
    const mined = (await minedVariant(ctx(), sent)) ?? expect.unreachable();
    expect(mined).toMatchObject({ hash: sent.txHash, receipt: { success: true } });
    await confirmMined(ctx(), report, sent, mined, early.head);
    expect((await row(w.id.toString())).status).toBe('sent'); // its block is not deep enough yet

    await server.evm.mine(DEPTH - 1);
    const deep = (await planOpen(ctx())) ?? expect.unreachable();
    await confirmMined(ctx(), report, sent, mined, deep.head);
    const confirmed = await row(w.id.toString());
    expect(CONFIRM_STEP.to).toContain(confirmed.status);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      txHash: mined.hash, // the mined variant's hash
      blockNumber: mined.receipt.blockNumber,
    });
    expect(report.counts.settled).toBe(1);
    expect(await server.repos.ledger.movementByIdem(`chain-fee:bsc:${mined.hash}`)).not.toBeNull();
    expect(await balanceOf(server, user, 'cow')).toBe('90');
    await ledgerOk();
  });

  it('nonce taken: a payout whose nonce another transaction of the hot wallet used is refunded in full', async () => {
    const { w, user, receiver } = await requested();
    const signedRow = await signed(w);
    await server.repos.withdrawals.markSent(w.id); // as if sent, and lost by the node
    const taker = await chain.hotWalletKeyHolder.sendTransaction({
      to: receiver,
      value: 1n,
      nonce: Number(signedRow.nonce),
    });
    const sent = await row(w.id.toString());
    const shallow = (await planOpen(ctx())) ?? expect.unreachable();
    expect(await nonceTakenByAnother(ctx(), sent, shallow)).toBe(false); // not confirmed deep yet

    await server.evm.mine(DEPTH);
    const deep = (await planOpen(ctx())) ?? expect.unreachable();
    expect(await minedVariant(ctx(), sent)).toBeNull();
    expect(await nonceTakenByAnother(ctx(), sent, deep)).toBe(true);
    expect(await bsc().payouts.nonceTakenBy(sent.nonce as bigint, deep.confirmedBlock)).toBe(taker);
    const report = newTickReport();
    await refundNonceTaken(ctx(), report, sent);
    const refunded = await row(w.id.toString());
    expect(NONCE_TAKEN_STEP.to).toContain(refunded.status);
    expect(refunded.failure).toMatch(/^nonce \d+ was used by another transaction of the hot wallet$/);
    expect(report.counts.settled).toBe(1);
    expect(await balanceOf(server, user, 'cow')).toBe('100');
    await ledgerOk();
  });

  it('bump: waits while young, then signs again with its nonce at a higher price, and the replacement lands', async () => {
    const { w, receiver } = await requested();
    const node = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
    await node.setAutomine(false);
    let first: WithdrawalRow;
    try {
      await broadcastPayout(ctx(), await signed(w)); // in the node's pool, not mined
      first = await row(w.id.toString());
      const open = (await planOpen(ctx())) ?? expect.unreachable();
      const young = newTickReport();
      await waitOrBump(ctx({ bumpAfterBlocks: 1000 }), young, first, open);
      expect(young.counts).toMatchObject({ bumped: 0, sent: 0 });
      expect((await row(w.id.toString())).txHash).toBe(first.txHash);

      const report = newTickReport();
      await waitOrBump(ctx({ bumpAfterBlocks: 0 }), report, first, open);
      expect(report.counts).toMatchObject({ bumped: 1, sent: 1 });
      expect(report.problems).toEqual([]);
    } finally {
      await node.setAutomine(true);
    }
    const bumped = await row(w.id.toString());
    expect(BUMP_STEP.to).toContain(bumped.status);
    expect(bumped.nonce).toBe(first.nonce);
    expect(bumped.txHash).not.toBe(first.txHash);
    const oldPrice = parseTransaction(first.signedTx as Hex).gasPrice ?? 0n;
    expect((parseTransaction(bumped.signedTx as Hex).gasPrice ?? 0n) * 1000n).toBeGreaterThanOrEqual(oldPrice * 1125n);
    // Both recorded as variants (the current bytes aside), so that a later receipt check finds either.
    const recorded = await server.repos.withdrawals.variantHashes({ id: w.id, txHash: null });
    expect(recorded.sort()).toEqual([bumped.txHash as string, first.txHash as string].sort());

    await server.evm.mine(1);
    expect((await minedVariant(ctx(), bumped))?.hash).toBe(bumped.txHash);
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect(await chain.tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
  });

  it('settle: ends a payout once, only from the state its caller saw', async () => {
    const { w, user } = await requested();
    const refund = { failure: 'an operator refunded it', blockNumber: null };
    // A caller that saw it in another state (signed, say) moves nothing.
    expect(await settleWithdrawal(server.repos, { ...w, status: 'signed' }, refund)).toBe('moved');
    expect((await row(w.id.toString())).status).toBe('requested');
    expect(await settleWithdrawal(server.repos, w, refund)).toBe('settled');
    const refunded = await row(w.id.toString());
    expect(SETTLE_STEP.to).toContain(refunded.status);
    expect(refunded).toMatchObject({ status: 'refunded', failure: 'an operator refunded it' });
    expect(await settleWithdrawal(server.repos, w, refund)).toBe('already-settled');
    expect(await balanceOf(server, user, 'cow')).toBe('100');
    await ledgerOk();
  });
});
