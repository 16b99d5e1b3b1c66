import { createTestClient, erc20Abi, type Hex, http, keccak256, parseTransaction, parseUnits, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bscPublicClient } from '../src/chain/evm/bsc-client.ts';
import { evmPayoutChain } from '../src/chain/evm/evm-payout-chain.ts';
import { payoutWorker } from '../src/domain/withdraw/payout-worker.ts';
import { type ChainTestServer, chainWallet } from './chain.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { call } from './test-server.ts';
import { balanceOf } from './users.ts';
import { DEPTH, SimulatedCrash, useWithdrawChain } from './withdraw-chain.ts';

describe('COW withdrawal payouts on the BNB Smart Chain dev chain', () => {
  const chain = useWithdrawChain();
  const { bsc, worker, killedAt, withdraw, payee, tokenBalance, payoutsOnChain, chainStatus, row, ledgerOk } = chain;
  let server: ChainTestServer;
  beforeAll(() => {
    server = chain.server;
  });

  it('pays out amount minus fee from the hot wallet, then confirms after the depth', async () => {
    const { user, receiver } = await payee('200');
    await worker().tick(); // pays the earlier tests' withdrawals, so the hot wallet's change below is this one's
    const hotBefore = await tokenBalance(bsc().hotWallet.address);
    const answer = await withdraw(user, '100', receiver);
    expect(answer.json.data).toMatchObject({ status: 'requested', receive: '99.5', fee: '0.5' });
    expect(answer.json.data.expectedArrivalTime - answer.json.data.createTime).toBe(15 * 60_000);

    await worker().tick();
    expect((await row(answer.json.data.id)).status).toBe('sent');
    expect(await tokenBalance(receiver)).toBe(parseUnits('99.5', 18));
    await server.evm.mine(DEPTH - 2);
    await worker().tick();
    expect((await row(answer.json.data.id)).status).toBe('sent');
    await server.evm.mine(1);
    await worker().tick();
    const list = await call(server.baseUrl, '/v1/oms/assets/withdraw/web3/p/1-10', {
      method: 'GET',
      token: user.token,
    });
    const paid = await row(answer.json.data.id);
    expect(list.json.data.list[0]).toMatchObject({
      status: 'confirmed',
      txId: paid.txHash,
      // The receipt's leg: linked to the explorer, confirmed (the worker ended it at the depth).
      txUrl: `https://bscscan.com/tx/${paid.txHash}`,
      confirmed: true,
    });
    expect(hotBefore - (await tokenBalance(bsc().hotWallet.address))).toBe(parseUnits('99.5', 18));
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect(await balanceOf(server, user, 'cow')).toBe('100');
    // Told of each step once, with what arrives; the ticks that found nothing new told nothing.
    const inbox = await call(server.baseUrl, '/v1/ma/notice/p/1-10', { method: 'GET', token: user.token });
    expect(inbox.json.data.list.map((n: { kind: string; params: object }) => [n.kind, n.params])).toEqual([
      ['withdrawal-arrived', { amount: '99.5', currency: 'COW' }],
      ['withdrawal-sent', { amount: '99.5', currency: 'COW' }],
    ]);
    await ledgerOk();
  });

  it('sends one transfer when the worker is killed after signing, before sending', async () => {
    const { user, receiver } = await payee('20');
    const { json } = await withdraw(user, '10', receiver);
    await killedAt('afterSigned');
    const signedRow = await row(json.data.id);
    expect(signedRow.status).toBe('signed');
    expect(await payoutsOnChain(receiver)).toBe(0);

    await worker(undefined, 'payouts-2').tick(); // the restart
    expect((await row(json.data.id)).signedTx).toBe(signedRow.signedTx); // the same bytes, not a new payout
    await server.evm.mine(DEPTH);
    await worker(undefined, 'payouts-2').tick();
    expect((await row(json.data.id)).status).toBe('confirmed');
    expect(await payoutsOnChain(receiver)).toBe(1);
    await ledgerOk();
  });

  it('sends one transfer when the worker is killed after sending, before recording it', async () => {
    const { user, receiver } = await payee('20');
    const { json } = await withdraw(user, '10', receiver);
    await killedAt('afterBroadcast');
    expect((await row(json.data.id)).status).toBe('signed'); // the database never heard it went out
    expect(await payoutsOnChain(receiver)).toBe(1);

    await worker(undefined, 'payouts-3').tick(); // the restart sends the same bytes again: the chain has them
    await server.evm.mine(DEPTH);
    await worker(undefined, 'payouts-3').tick();
    expect((await row(json.data.id)).status).toBe('confirmed');
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
    await ledgerOk();
  });

  it('refunds a payout whose nonce another transaction of the hot wallet used, and pays the next one', async () => {
    const { user, receiver } = await payee('30');
    await worker().tick(); // pays the earlier tests' withdrawals first, so the crash below hits this one
    const first = (await withdraw(user, '10', receiver)).json.data;
    await killedAt('afterSigned');
    const signedRow = await row(first.id);
    // Someone holding the hot wallet's key (an operator's manual transfer) sends first, with that nonce.
    const other = await chain.hotWalletKeyHolder.sendTransaction({
      to: receiver,
      value: 1n,
      nonce: Number(signedRow.nonce),
    });
    expect(other).not.toBe(signedRow.txHash);
    await server.evm.mine(DEPTH - 2); // the other transaction's block and 13 on top: one short of the depth
    await worker(undefined, 'payouts-4').tick(); // the same bytes go out and are refused; nothing is decided yet
    expect((await row(first.id)).status).toBe('sent');
    await server.evm.mine(1);
    await worker(undefined, 'payouts-4').tick();
    const refunded = await row(first.id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.failure).toMatch(/nonce .* used by another transaction/);
    expect(await balanceOf(server, user, 'cow')).toBe('30');
    expect(await payoutsOnChain(receiver)).toBe(0);

    // The key holder sends again, this time at the nonce the database would hand out next: the next payout
    // steps over it and arrives.
    await chain.hotWalletKeyHolder.sendTransaction({ to: receiver, value: 1n });
    const second = (await withdraw(user, '10', receiver)).json.data;
    await worker(undefined, 'payouts-4').tick();
    expect((await row(second.id)).nonce).toBe((signedRow.nonce ?? 0n) + 2n);
    await server.evm.mine(DEPTH);
    await worker(undefined, 'payouts-4').tick();
    expect((await row(second.id)).status).toBe('confirmed');
    expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
    await ledgerOk();
  });

  it('refunds in full a payout that fails on chain, books its gas, and gives the day its turn back', async () => {
    const { user, receiver } = await payee('100');
    await worker().tick(); // the earlier tests' payouts first
    const { json } = await withdraw(user, '50', receiver);
    expect(json.code).toBe(200);
    expect(await balanceOf(server, user, 'cow')).toBe('50');

    // The hot wallet covers it when the worker looks; someone holding the key empties its COW in the same block,
    // ahead of it (a lower nonce): the payout's ERC-20 transfer reverts on chain.
    const node = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
    const hotCow = await tokenBalance(bsc().hotWallet.address);
    const elsewhere = (await chainWallet(server.evm)).address;
    const gasPrice = await bsc().client.getGasPrice();
    await node.setAutomine(false);
    try {
      await chain.hotWalletKeyHolder.writeContract({
        address: server.evm.tokens.cow,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [elsewhere, hotCow],
        gas: 100_000n,
        gasPrice,
      });
      await worker().tick();
      expect((await row(json.data.id)).status).toBe('sent');
      await server.evm.mine(1);
    } finally {
      await node.setAutomine(true);
    }
    await server.evm.mine(DEPTH);
    await worker().tick();
    const ended = await row(json.data.id);
    expect(ended.status).toBe('refunded');
    expect(ended.failure).toMatch(/reverted/);
    expect(await balanceOf(server, user, 'cow')).toBe('100');
    expect(await payoutsOnChain(receiver)).toBe(0);
    // Mined, so its gas was burnt: booked once, to the wei, as a chain-fee.
    const receipt = await bsc().client.getTransactionReceipt({ hash: ended.txHash as Hex });
    expect(receipt.status).toBe('reverted');
    expect(await server.repos.ledger.movementByIdem(`chain-fee:bsc:${ended.txHash}`)).toMatchObject({
      type: 'chain-fee',
    });
    await server.evm.fund(bsc().hotWallet.address, { cow: '10000' }); // for the next tests
    const config = await call(server.baseUrl, '/v1/oms/assets/withdraw/config', { method: 'GET', token: user.token });
    expect(config.json.data.leftToday).toBe(2);
    await ledgerOk();
  });

  it('keeps a payout the node refuses (no BNB for gas) signed, shows it to the operator, then sends it', async () => {
    const { user, receiver } = await payee('20');
    await worker().tick(); // the earlier tests' payouts first
    // Signed while the hot wallet had BNB for its gas (a crash before sending); then its BNB is gone.
    const { json } = await withdraw(user, '10', receiver);
    await killedAt('afterSigned');
    const errorsBefore = BigInt((await chainStatus()).payoutWorker.errors);
    const node = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
    await node.setBalance({ address: bsc().hotWallet.address, value: 0n });

    // A passing failure, not the payout's own: it stays signed for the next tick, and the operator sees why.
    const refusedTick = await worker().tick();
    expect(refusedTick).toMatchObject({ outcome: 'worked', held: 0 });
    expect((await row(json.data.id)).status).toBe('signed');
    const refused = (await chainStatus()).payoutWorker;
    expect(BigInt(refused.errors)).toBe(errorsBefore + 1n);
    expect(refused.lastError).toMatch(
      new RegExp(`^withdrawal ${json.data.id}: Missing or invalid parameters\\. Sender doesn't have enough funds`),
    );
    expect(await payoutsOnChain(receiver)).toBe(0);

    await server.evm.fund(bsc().hotWallet.address, { bnb: '10' });
    await worker().tick(); // the same signed bytes go out now
    await server.evm.mine(DEPTH);
    await worker().tick();
    expect((await row(json.data.id)).status).toBe('confirmed');
    expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
    const recovered = (await chainStatus()).payoutWorker;
    expect(new Date(recovered.lastOkAt).getTime()).toBeGreaterThan(new Date(refused.lastErrorAt).getTime());
    await ledgerOk();
  });

  it('refunds a payout left with a wrong-checksum address by older code, and pays the next one in the same tick', async () => {
    const { user, receiver } = await payee('40');
    await worker().tick(); // the earlier tests' payouts first
    const bad = (await withdraw(user, '10', receiver)).json.data;
    // What the request check let through before: the same address with one letter's case flipped.
    const at = [...receiver.slice(2)].findIndex((c) => /[a-f]/i.test(c)) + 2;
    const c = receiver[at] as string;
    const wrongChecksum = `${receiver.slice(0, at)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${receiver.slice(at + 1)}`;
    await server.database.withSession((session) =>
      session.exec(`UPDATE withdrawals SET to_address = '${wrongChecksum}' WHERE id = ${bad.id}`),
    );
    const good = (await withdraw(user, '10', receiver)).json.data;

    await worker().tick();
    const setAside = await row(bad.id);
    expect(setAside.status).toBe('refunded');
    expect(setAside.failure).toMatch(/destination refused: .*checksum/);
    expect((await row(good.id)).status).toBe('sent');
    expect(await balanceOf(server, user, 'cow')).toBe('30');
    await server.evm.mine(DEPTH);
    await worker().tick();
    expect((await row(good.id)).status).toBe('confirmed');
    expect(await payoutsOnChain(receiver)).toBe(1);
    await ledgerOk();
  });

  it("holds a payout whose bytes the node refuses, and still confirms another payout's transfer in that tick", async () => {
    const { user, receiver } = await payee('40');
    await worker().tick(); // the earlier tests' payouts first
    const paid = (await withdraw(user, '10', receiver)).json.data;
    await worker().tick();
    expect((await row(paid.id)).status).toBe('sent');

    // Another payout recorded as signed with bytes no node of this chain takes (signed for chain id 1), under a
    // nonce of its own: sending it again can never succeed.
    const refused = (await withdraw(user, '10', receiver)).json.data;
    const foreign = await privateKeyToAccount(chain.hotWalletKey).signTransaction({
      chainId: 1,
      type: 'legacy',
      to: receiver,
      value: 0n,
      gas: 21_000n,
      gasPrice: 10n ** 9n,
      nonce: 1_000_000,
    });
    await server.database.withSession((session) =>
      session.exec(
        `UPDATE withdrawals SET status = 'signed', hot_wallet = '${bsc().hotWallet.address}', nonce = 1000000,
           signed_tx = '${foreign}', tx_hash = '${keccak256(foreign)}', signed_at = now() WHERE id = ${refused.id}`,
      ),
    );
    await server.evm.mine(DEPTH);

    await worker().tick();
    expect((await row(paid.id)).status).toBe('confirmed');
    const held = await row(refused.id);
    expect(held.status).toBe('held');
    expect(held.heldReason).toMatch(/^the node refused it: /);
    expect((await chainStatus()).heldPayouts).toEqual([
      expect.objectContaining({ id: refused.id, signed: true, nonce: '1000000', reason: held.heldReason }),
    ]);
    // Its bytes could still be mined while its nonce is unused: the operator's refund is refused; a retry
    // gives it back to the worker, which holds it again.
    const ops = async (path: string) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer aidf-dev-operator-token', 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'ticket 42' }),
      });
      return (await res.json()) as { code: number; msg: string; data: { status: string } };
    };
    expect(await ops(`/ops/v1/payouts/${refused.id}/refund`)).toMatchObject({ code: 1225 });
    expect((await ops(`/ops/v1/payouts/${refused.id}/refund`)).msg).toMatch(/could still be mined/);
    expect((await ops(`/ops/v1/payouts/${refused.id}/retry`)).data).toEqual({ status: 'signed' });
    await worker().tick();
    expect((await row(refused.id)).status).toBe('held');
    expect(await balanceOf(server, user, 'cow')).toBe('20');
    await ledgerOk();
  });

  it.each([
    ['a JSON-RPC "limit exceeded" (-32005)', { code: -32005, message: 'limit exceeded' }],
    ['an HTTP 429 naming another error', { code: -32000, message: 'capacity exceeded', httpStatus: 429 }],
    ['a JSON-RPC 429 in its own words', { code: 429, message: 'capacity exceeded' }],
  ])('retries a payout the RPC answers with %s when sending, never holds it, and pays it once', async (_, refusal) => {
    const { user, receiver } = await payee('20');
    await worker().tick(); // the earlier tests' payouts first
    // More refusals than the client's own retry: the worker sees the error.
    let limited = 2;
    const proxy = await startRpcProxy(server.evm.rpcUrl, (method) =>
      method === 'eth_sendRawTransaction' && limited-- > 0 ? refusal : null,
    );
    try {
      const throughProxy = payoutWorker({
        repos: server.repos,
        chain: evmPayoutChain(bscPublicClient(proxy.url), privateKeyToAccount(chain.hotWalletKey)),
        owner: 'payouts-1',
        confirmations: DEPTH,
        ...bsc().payoutGas,
        leaseMs: 1,
      });
      const { json } = await withdraw(user, '10', receiver);
      await throughProxy.tick();
      const waiting = await row(json.data.id);
      expect(waiting.heldReason).toBeNull();
      expect(waiting.status).toBe('signed');
      expect((await chainStatus()).payoutWorker.lastError).toMatch(/exceeded/);
      // The next ticks send it, once the RPC lets it through.
      for (let i = 0; i < 3 && (await row(json.data.id)).status === 'signed'; i++) await throughProxy.tick();
      expect(proxy.callsOf('eth_sendRawTransaction').filter((c) => c.refused)).toHaveLength(2);
      expect((await row(json.data.id)).status).toBe('sent');
      await server.evm.mine(DEPTH);
      await throughProxy.tick();
      expect((await row(json.data.id)).status).toBe('confirmed');
      expect(await payoutsOnChain(receiver)).toBe(1);
      expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
      expect(await balanceOf(server, user, 'cow')).toBe('10');
      await ledgerOk();
    } finally {
      await proxy.close();
    }
  });

  it('replaces a payout stuck at a low gas price with the same nonce after the set blocks, and it lands once', async () => {
    const { user, receiver } = await payee('20');
    await worker().tick(); // the earlier tests' payouts first
    const AFTER = 5;
    const bumping = (crashPoints?: Parameters<typeof payoutWorker>[0]['crashPoints']) =>
      payoutWorker({
        repos: server.repos,
        chain: bsc().payouts,
        owner: 'payouts-bump',
        confirmations: DEPTH,
        bumpAfterBlocks: AFTER,
        maxGasPrice: 1000n * 10n ** 9n,
        leaseMs: 1,
        crashPoints,
      });
    const { json } = await withdraw(user, '10', receiver);
    const node = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
    await node.setAutomine(false);
    try {
      await bumping().tick(); // signed at today's price, waiting in the node's pool
      const first = await row(json.data.id);
      expect(first.status).toBe('sent');
      // The network's price jumps far above it: no block takes the payout.
      await node.request({ method: 'hardhat_setNextBlockBaseFeePerGas', params: [toHex(100n * 10n ** 9n)] });
      await server.evm.mine(AFTER - 1);
      await bumping().tick();
      expect((await row(json.data.id)).txHash).toBe(first.txHash); // not yet: one block short
      await server.evm.mine(1);

      // The replacement is recorded before it is sent; a worker killed right there sends it after the restart.
      await expect(
        bumping({
          afterReplacementSigned: () => {
            throw new SimulatedCrash('killed after the replacement was signed');
          },
        }).tick(),
      ).rejects.toThrow(SimulatedCrash);
      const replaced = await row(json.data.id);
      expect(replaced.nonce).toBe(first.nonce);
      expect(replaced.txHash).not.toBe(first.txHash);
      const oldPrice = parseTransaction(first.signedTx as Hex).gasPrice ?? 0n;
      expect((parseTransaction(replaced.signedTx as Hex).gasPrice ?? 0n) * 1000n).toBeGreaterThanOrEqual(
        oldPrice * 1125n,
      );
      expect(await server.repos.withdrawals.variantHashes(replaced)).toEqual([replaced.txHash, first.txHash]);
      await bumping().tick(); // the restart: the replacement goes out
      await server.evm.mine(1);
    } finally {
      await node.setAutomine(true);
    }
    await server.evm.mine(DEPTH);
    await bumping().tick();
    const done = await row(json.data.id);
    expect(done.status).toBe('confirmed');
    expect(await bsc().payouts.receipt(done.txHash as Hex)).toMatchObject({ success: true });
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
    await ledgerOk();
  });
});
