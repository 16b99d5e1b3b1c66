import { type Address, createSolanaRpc, generateKeyPairSigner, type KeyPairSigner, type Signature } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SolanaDevChain, sendInstructions, startSolanaDevChain } from './index.ts';

const FINALIZATION_DEPTH = 5;

/**
 * getSignaturesForAddress as a deposit watcher pages it: newest first, `before`/`until` bounded, at a
 * commitment. `before` and `until` may name any transaction of the ledger, as on agave.
 */
describe('Solana dev chain: getSignaturesForAddress', () => {
  let chain: SolanaDevChain;
  let rpc: ReturnType<typeof createSolanaRpc>;
  let sender: KeyPairSigner;
  let watched: Address;
  /** Transfers to `watched`, oldest first. */
  const sent: Signature[] = [];
  let elsewhere: Signature;

  const pay = (to: Address, lamports: bigint) =>
    sendInstructions(rpc, sender, [getTransferSolInstruction({ source: sender, destination: to, amount: lamports })]);
  const list = async (config: Parameters<typeof rpc.getSignaturesForAddress>[1]) =>
    (await rpc.getSignaturesForAddress(watched, config).send()).map((s) => s.signature);

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZATION_DEPTH });
    rpc = createSolanaRpc(chain.rpcUrl);
    sender = await generateKeyPairSigner();
    watched = (await generateKeyPairSigner()).address;
    await chain.fund(sender.address, { sol: '1' });
    for (let i = 0; i < 5; i++) {
      sent.push(await pay(watched, 1_000_000n + BigInt(i)));
      if (i === 2) elsewhere = await pay((await generateKeyPairSigner()).address, 1_000_000n);
      chain.advanceSlots(1);
    }
    chain.advanceSlots(FINALIZATION_DEPTH);
  });
  afterAll(() => chain?.close());

  it('lists the transactions newest first, paged with limit and before', async () => {
    const newestFirst = [...sent].reverse();
    expect(await list({ commitment: 'finalized' })).toEqual(newestFirst);
    const first = await list({ commitment: 'finalized', limit: 2 });
    expect(first).toEqual(newestFirst.slice(0, 2));
    expect(await list({ commitment: 'finalized', limit: 2, before: first[1] })).toEqual(newestFirst.slice(2, 4));
  });

  it('stops before `until`, and bounds by a transaction of another address', async () => {
    expect(await list({ commitment: 'finalized', until: sent[1] })).toEqual([sent[4], sent[3], sent[2]]);
    // `elsewhere` did not touch the watched address: it still bounds by its place in the ledger.
    expect(await list({ commitment: 'finalized', before: elsewhere })).toEqual([sent[2], sent[1], sent[0]]);
    expect(await list({ commitment: 'finalized', until: elsewhere })).toEqual([sent[4], sent[3]]);
  });

  it('answers nothing for an unknown `before`, as agave does', async () => {
    const neverSent = '1'.repeat(64) as Signature; // 64 zero bytes: well-formed, never signed
    expect(await list({ commitment: 'finalized', before: neverSent })).toEqual([]);
  });

  it('hides what is not finalized from a finalized query', async () => {
    const recent = await pay(watched, 2_000_000n);
    chain.advanceSlots(1);
    expect((await list({ commitment: 'confirmed' }))[0]).toBe(recent);
    expect(await list({ commitment: 'finalized' })).not.toContain(recent);
  });
});
