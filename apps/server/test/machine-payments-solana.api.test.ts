import { type SolanaDevChain, sendInstructions, startSolanaDevChain } from '@aidf/devchain';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { createKeyPairSignerFromPrivateKeyBytes, createSolanaRpc, generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solanaCollectionSource } from '../src/chain/solana/solana-collection-source.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { type CollectionWatcher, collectionWatcher } from '../src/domain/machine/collection-watcher.ts';
import {
  buy,
  cancelOrder,
  FINALIZED_DEPTH,
  machinesOf,
  newItem,
  orderOf,
  submitHash,
  watchAll,
} from './machine-orders.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { balanceOf, ops, signUp } from './users.ts';
import type { TestWallet } from './wallets.ts';

describe('[api] AI miner payments in SOL on the Solana dev stand-in', () => {
  let chain: SolanaDevChain;
  let server: TestServer;
  let watcher: CollectionWatcher;
  let collection: string;

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    server = await startTestServer({ env: { SOLANA_RPC_URL: chain.rpcUrl } });
    collection = (await generateKeyPairSigner()).address;
    // A fixture: changing it through the operator API is a proposal for two admins (money-settings.api.test.ts).
    await server.repos.settings.set('machine.collectionAddress.solana', collection, 'test');
    const solana = server.app.chains.solana;
    if (!solana) throw new Error('Solana not configured');
    watcher = collectionWatcher({
      repos: server.repos,
      source: solanaCollectionSource(solana.rpcUrl, solana.deposits),
      owner: 'collection-sol',
      allowChainReset: true,
      leaseMs: 60_000,
      firstLookAfterMs: 0, // the dev chain has every transaction at once
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await chain?.close();
  });

  /** A user signed in with a Solana key holding 5 SOL, and their order of 0.6 SOL. */
  async function solBuyer() {
    const secret = ed25519.utils.randomSecretKey();
    const signer = await createKeyPairSignerFromPrivateKeyBytes(secret);
    const wallet: TestWallet = {
      currency: 'sol',
      address: signer.address,
      sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
    };
    await chain.fund(signer.address, { sol: '5' });
    const user = await signUp(server, wallet);
    const order = (await buy(server, user, await newItem(server, { worth: '100', solAmount: '0.6' }))).data;
    const pay = (lamports: bigint) =>
      sendInstructions(createSolanaRpc(chain.rpcUrl), signer, [
        getTransferSolInstruction({ source: signer, destination: collection as never, amount: lamports }),
      ]);
    return { signer, user, order, pay };
  }

  it('a SOL lack paid from the bound key: 2 after the hint, 1 once finalized, and a machine', async () => {
    const { signer, user, order, pay } = await solBuyer();
    expect(order).toMatchObject({ status: 0, lackSol: '0.6' });
    expect(order.paySol).toMatchObject({ collectionAddress: collection, fromAddress: signer.address });
    const signature = await pay(600_000_000n);
    chain.advanceSlots(1); // the next slot: the payment is 'confirmed', not yet 'finalized'
    expect((await submitHash(server, user, order.orderNo, signature)).data.status).toBe(2);
    expect((await watchAll(watcher)).settled).toBe(0);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 2, unconfirmedSol: '0.6' });
    chain.advanceSlots(FINALIZED_DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 1, lackSol: '0' });
    expect((await machinesOf(server, user)).total).toBe(1);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('unreported SOL for a cancelled order, finalized after a new order opened: credited, the new order not paid', async () => {
    const { user, order, pay } = await solBuyer();
    await pay(600_000_000n); // the page was closed: no signature submitted
    chain.advanceSlots(1);
    expect((await watchAll(watcher)).settled).toBe(0);
    expect((await cancelOrder(server, user, order.orderNo)).json.data.status).toBe(3);
    const next = (await buy(server, user, await newItem(server, { worth: '100', solAmount: '0.6' }))).data;
    expect(next).toMatchObject({ status: 0, lackSol: '0.6' });
    chain.advanceSlots(FINALIZED_DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, user, next.orderNo)).toMatchObject({ status: 0, lackSol: '0.6', machineId: null });
    expect(await balanceOf(server, user, 'sol')).toBe('0.6');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a reserves report on a platform running Solana alone reads the collection address: the payments are held there', async () => {
    const res = await ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'collection address read' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const report = res.json.data;
    expect(Object.keys(report.chainHoldings)).toEqual(['solana']); // no BNB Smart Chain to read, none claimed unread
    const solana = report.chainHoldings.solana;
    expect(solana.addresses.collection).toBe(collection);
    const lamports = (
      await createSolanaRpc(chain.rpcUrl)
        .getBalance(collection as never)
        .send()
    ).value;
    // Both tests' payments, 0.6 SOL each: the paid order's and the one credited to the balance after its cancel.
    expect(lamports).toBe(1_200_000_000n);
    expect(solana.collection.sol).toBe('1.2');
    expect(solana.shouldHold.sol).toBe('1.2');
    // The hot wallet's SOL came from the dev chain's funding, not through the ledger: the only difference.
    expect(solana.difference.sol).toBe(solana.hot.sol);
    expect(solana.unread).toEqual([]);
    expect(report.status).toBe('complete');
    expect(report.alerts.unreadChains).toEqual([]);
  });
});
