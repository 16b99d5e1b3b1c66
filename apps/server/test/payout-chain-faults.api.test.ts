import { parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ChainFaultProxy, startChainFaultProxy } from '../../../faults/stack/chain-fault-proxy.ts';
import { bscPublicClient } from '../src/chain/evm/bsc-client.ts';
import { evmPayoutChain } from '../src/chain/evm/evm-payout-chain.ts';
import { payoutWorker } from '../src/domain/withdraw/payout-worker.ts';
import { chainWallet } from './chain.ts';
import { balanceOf, credit, signUp } from './users.ts';
import { DEPTH, useWithdrawChain } from './withdraw-chain.ts';

/**
 * The payout worker against the Hardhat dev chain through the fault harness's JSON-RPC proxy: an answer lost
 * after the node took the payout (a timeout seen by the sender), and a node behind on receipts (a provider's
 * lagging replica) while another answers the hot wallet's count. Paid once, never paid and refunded.
 */
describe('chain faults: the payout worker', () => {
  const chain = useWithdrawChain(); // its server and key holder are getters: read them in the tests
  const { bsc, withdraw, row, payoutsOnChain, tokenBalance, ledgerOk, hotWalletKey } = chain;
  let proxy: ChainFaultProxy;
  /** The proxy in front of the server's dev chain, started by the first test (the chain is up by then). */
  const faults = async () => {
    proxy ??= await startChainFaultProxy(chain.server.evm.rpcUrl);
    return proxy;
  };

  /** The worker as the treasury runs it, its RPC through the proxy. */
  const worker = () =>
    payoutWorker({
      repos: chain.server.repos,
      chain: evmPayoutChain(bscPublicClient(proxy.url), privateKeyToAccount(hotWalletKey)),
      owner: 'payouts-faults',
      confirmations: DEPTH,
      ...bsc().payoutGas,
      leaseMs: 1,
    });

  afterEach(() => proxy?.set(null)); // a failed test leaves no fault behind for the next
  afterAll(() => proxy?.stop());

  it('an answer lost after the node took the payout: the next tick sends the same bytes, paid once', async () => {
    const { server } = chain;
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const { json } = await withdraw(user, '10', receiver);
    (await faults()).set({ kind: 'drop', afterForward: true, methods: ['eth_sendRawTransaction'], times: 2 });
    await worker().tick();
    const signed = await row(json.data.id);
    expect(signed.status).toBe('signed'); // the worker saw no answer: sent or not, it cannot tell
    expect(await payoutsOnChain(receiver)).toBe(1); // the node had it (automine: mined at once)
    for (let i = 0; i < 3 && (await row(json.data.id)).status === 'signed'; i++) await worker().tick();
    const sent = await row(json.data.id);
    expect(sent.status).toBe('sent');
    expect(sent.txHash).toBe(signed.txHash);
    const sends = proxy.callsOf('eth_sendRawTransaction').map((c) => c.params[0]);
    expect(sends.length).toBeGreaterThan(1);
    expect(new Set(sends).size).toBe(1); // every broadcast the very same bytes
    await server.evm.mine(DEPTH);
    await worker().tick();
    expect((await row(json.data.id)).status).toBe('confirmed');
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect(await tokenBalance(receiver)).toBe(parseUnits('9.95', 18));
    expect(await balanceOf(server, user, 'cow')).toBe('10');
    await ledgerOk();
  });

  it('receipts from a replica behind the chain: a paid payout is not taken for lost and refunded', async () => {
    const { server } = chain;
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const { json } = await withdraw(user, '10', receiver);
    await faults();
    await worker().tick();
    expect((await row(json.data.id)).status).toBe('sent');
    expect(await payoutsOnChain(receiver)).toBe(1);
    await server.evm.mine(DEPTH + 5);
    // The count at the depth comes from a node at the head: the nonce is used. The receipts, from one 40 behind.
    proxy.set({ kind: 'staleBlock', lag: DEPTH + 25, methods: ['eth_getTransactionReceipt'] });
    await worker().tick();
    await worker().tick();
    expect((await row(json.data.id)).status).toBe('sent');
    expect(await balanceOf(server, user, 'cow')).toBe('10'); // not refunded
    proxy.set(null);
    await worker().tick();
    expect((await row(json.data.id)).status).toBe('confirmed');
    expect(await payoutsOnChain(receiver)).toBe(1);
    expect(await balanceOf(server, user, 'cow')).toBe('10');
    await ledgerOk();
  });

  it('a nonce another transaction of the hot wallet took is still refunded, the taker found in its block', async () => {
    const { server } = chain;
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    // The node refuses the payout's bytes for a while; meanwhile someone with the key spends its nonce.
    (await faults()).set({ kind: 'http5xx', status: 503, methods: ['eth_sendRawTransaction'] });
    const { json } = await withdraw(user, '10', receiver);
    await worker().tick();
    const signed = await row(json.data.id);
    expect(signed.status).toBe('signed');
    await chain.hotWalletKeyHolder.sendTransaction({
      to: chain.hotWalletKeyHolder.account.address,
      value: 0n,
      nonce: Number(signed.nonce),
    });
    await server.evm.mine(DEPTH);
    proxy.set(null);
    for (let i = 0; i < 3 && (await row(json.data.id)).status !== 'refunded'; i++) await worker().tick();
    expect((await row(json.data.id)).status).toBe('refunded');
    expect(await payoutsOnChain(receiver)).toBe(0);
    expect(await balanceOf(server, user, 'cow')).toBe('20');
    await ledgerOk();
  });
});
