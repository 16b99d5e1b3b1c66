import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  isSolanaError,
  type KeyPairSigner,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SLOT_SKIPPED,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SolanaDevChain, sendInstructions, splTransferInstructions, startSolanaDevChain } from './index.ts';

const FINALIZATION_DEPTH = 5;
/** What a deposit watcher asks of each finalized slot. */
const FULL = {
  commitment: 'finalized',
  encoding: 'json',
  transactionDetails: 'full',
  maxSupportedTransactionVersion: 0,
  rewards: false,
} as const;

/**
 * getBlocks and getBlock as a deposit watcher reads the chain: finalized slots only, skipped slots left out of
 * the list and refused by getBlock with agave's error, and every transaction of a block with its metadata
 * (lamports and token balances before and after, the error of a failed one).
 */
describe('Solana dev chain: blocks', () => {
  let chain: SolanaDevChain;
  let rpc: ReturnType<typeof createSolanaRpc>;
  let sender: KeyPairSigner;
  let receiver: Address;

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZATION_DEPTH });
    rpc = createSolanaRpc(chain.rpcUrl);
    sender = await generateKeyPairSigner();
    receiver = (await generateKeyPairSigner()).address;
    await chain.fund(sender.address, { sol: '2', usdt: '50' });
  });
  afterAll(async () => {
    await chain?.close();
  });

  const finalized = () => rpc.getSlot({ commitment: 'finalized' }).send();

  it('leaves skipped slots out of getBlocks, refuses them in getBlock, and links the next block to the one before', async () => {
    const before = await rpc.getSlot({ commitment: 'processed' }).send();
    chain.skipSlots(3);
    chain.advanceSlots(FINALIZATION_DEPTH);
    const slots = await rpc
      .getBlocks(before, before + 4n + BigInt(FINALIZATION_DEPTH), { commitment: 'finalized' })
      .send();
    expect(slots).toEqual([before, before + 4n]);
    const after = await rpc.getBlock(before + 4n, FULL).send();
    expect(after?.parentSlot).toBe(before);
    const refusal = await rpc
      .getBlock(before + 2n, FULL)
      .send()
      .catch((error: unknown) => error);
    expect(isSolanaError(refusal, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SLOT_SKIPPED)).toBe(true);
  });

  it('never names a skipped slot as the finalized one', async () => {
    chain.advanceSlots(2);
    chain.skipSlots(FINALIZATION_DEPTH + 3);
    const slot = await finalized();
    expect(await rpc.getBlock(slot, FULL).send()).toMatchObject({ blockhash: expect.any(String) });
    expect(await rpc.getBlocks(slot, slot, { commitment: 'finalized' }).send()).toEqual([slot]);
  });

  it('serves a finalized block whole: SOL and token balances before and after, a failed transaction with its error', async () => {
    const sol = await sendInstructions(rpc, sender, [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: 300_000_000n }),
    ]);
    const usdt = await sendInstructions(
      rpc,
      sender,
      await splTransferInstructions(sender, receiver, chain.usdtMint as Address, 7_000_000n),
    );
    const failed = await sendInstructions(
      rpc,
      sender,
      [getTransferSolInstruction({ source: sender, destination: receiver, amount: 10n ** 15n })],
      true,
    );
    const statuses = (await rpc.getSignatureStatuses([sol, usdt, failed]).send()).value;
    const [solSlot, usdtSlot, failedSlot] = statuses.map((s) => s?.slot ?? -1n);
    // Unfinalized slots are not served at 'finalized'.
    expect(await rpc.getBlocks(solSlot as bigint, undefined, { commitment: 'finalized' }).send()).toEqual([]);
    chain.advanceSlots(FINALIZATION_DEPTH);

    const solBlock = await rpc.getBlock(solSlot as bigint, FULL).send();
    const solTx = solBlock?.transactions[0];
    const to = solTx?.transaction.message.accountKeys.indexOf(receiver) ?? -1;
    expect((solTx?.meta?.postBalances[to] ?? 0n) - (solTx?.meta?.preBalances[to] ?? 0n)).toBe(300_000_000n);
    expect(solTx?.meta?.err).toBeNull();

    const usdtTx = (await rpc.getBlock(usdtSlot as bigint, FULL).send())?.transactions[0];
    const received = usdtTx?.meta?.postTokenBalances?.find((b) => b.owner === receiver);
    expect(received).toMatchObject({ mint: chain.usdtMint, uiTokenAmount: { amount: '7000000' } });
    // The receiver's token account was made in this transaction: it had no balance before.
    expect(usdtTx?.meta?.preTokenBalances?.find((b) => b.owner === receiver)).toBeUndefined();

    const failedTx = (await rpc.getBlock(failedSlot as bigint, FULL).send())?.transactions[0];
    expect(failedTx?.meta?.err).not.toBeNull();
    expect(failedTx?.meta?.postBalances.slice(1)).toEqual(failedTx?.meta?.preBalances.slice(1));
  });
});
