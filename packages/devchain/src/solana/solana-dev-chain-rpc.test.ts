import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL, rawRpc, SIGNATURE_FEE, solBalance, statuses, useFundedChain } from './funded-chain.ts';
import { sendInstructions, signedWireTransaction, startSolanaDevChain } from './index.ts';

describe('Solana dev chain: failing transfers and the JSON-RPC front', () => {
  const dev = useFundedChain();

  describe('failing transfers', () => {
    const tooMuch = (lamports: bigint) => [
      getTransferSolInstruction({ source: dev.sender, destination: dev.receiver, amount: lamports }),
    ];
    // The receiver holds SOL, so that a transfer of one lamport to it is valid (one to an empty account is refused:
    // it would leave it below rent).
    beforeAll(() => dev.chain.fund(dev.receiver, { sol: '0.5' }));

    it('records a failing transfer sent with skipPreflight in its slot, charging only the fee', async () => {
      // The receiver's funding sits in the newest slot, so the baseline is read at 'processed'.
      const senderBefore = await solBalance(dev.rpc, dev.sender.address, 'processed');
      const receiverBefore = await solBalance(dev.rpc, dev.receiver, 'processed');
      const signature = await sendInstructions(dev.rpc, dev.sender, tooMuch(1000n * LAMPORTS_PER_SOL), true);
      dev.chain.advanceSlots(1);

      const customInsufficientFunds = { InstructionError: [0n, { Custom: 1n }] };
      const [status] = await statuses(dev.rpc, [signature]);
      expect(status).toMatchObject({ confirmationStatus: 'confirmed', err: customInsufficientFunds });
      const transaction = await dev.rpc
        .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      expect(transaction?.meta).toMatchObject({ err: customInsufficientFunds, fee: SIGNATURE_FEE });
      expect(transaction?.meta?.postBalances).toEqual([
        (transaction?.meta?.preBalances[0] ?? 0n) - SIGNATURE_FEE,
        ...(transaction?.meta?.preBalances.slice(1) ?? []),
      ]);
      const block = await dev.rpc
        .getBlock(status?.slot ?? 0n, { transactionDetails: 'signatures', rewards: false })
        .send();
      expect(block?.signatures).toEqual([signature]);

      expect(await solBalance(dev.rpc, dev.sender.address)).toBe(senderBefore - SIGNATURE_FEE);
      expect(await solBalance(dev.rpc, dev.receiver)).toBe(receiverBefore);
    });

    it('reports in meta.fee exactly what the runtime charged, priority fee included', async () => {
      const price = new Uint8Array(9);
      price[0] = 3; // ComputeBudget SetComputeUnitPrice, 2_000_000 micro-lamports per unit
      new DataView(price.buffer).setBigUint64(1, 2_000_000n, true);
      const setPrice = { programAddress: address('ComputeBudget111111111111111111111111111111'), data: price };
      const signature = await sendInstructions(
        dev.rpc,
        dev.sender,
        [setPrice, ...tooMuch(999n * LAMPORTS_PER_SOL)],
        true,
      );
      dev.chain.advanceSlots(1);
      const transaction = await dev.rpc
        .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      const charged = (transaction?.meta?.preBalances[0] ?? 0n) - (transaction?.meta?.postBalances[0] ?? 0n);
      // Two builtin instructions reserve 3000 units each without an explicit limit: 6000 × 2 lamports.
      expect(transaction?.meta?.fee).toBe(SIGNATURE_FEE + 12_000n);
      expect(charged).toBe(transaction?.meta?.fee);
    });

    it('refuses a failing transfer at preflight and records nothing', async () => {
      const senderBefore = await solBalance(dev.rpc, dev.sender.address);
      const slotBefore = await dev.rpc.getSlot({ commitment: 'processed' }).send();
      const wire = await signedWireTransaction(dev.rpc, dev.sender, tooMuch(1001n * LAMPORTS_PER_SOL));
      const refusal = await dev.rpc
        .sendTransaction(wire, { encoding: 'base64' })
        .send()
        .catch((error: unknown) => error);
      expect(isSolanaError(refusal, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(
        true,
      );

      dev.chain.advanceSlots(1);
      expect(await dev.rpc.getSlot({ commitment: 'processed' }).send()).toBe(slotBefore + 1n);
      expect(await solBalance(dev.rpc, dev.sender.address)).toBe(senderBefore);
    });

    it('refuses a duplicate at preflight', async () => {
      const wire = await signedWireTransaction(dev.rpc, dev.sender, tooMuch(1n));
      await dev.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
      const duplicate = await dev.rpc
        .sendTransaction(wire, { encoding: 'base64' })
        .send()
        .catch((error: unknown) => error);
      expect(isSolanaError(duplicate, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(
        true,
      );
    });
  });

  describe('JSON-RPC front', () => {
    it('answers batches with the real shapes and error codes', async () => {
      const replies = (await rawRpc(dev.chain.rpcUrl, [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'getBalance',
          params: [dev.chain.faucet.address, { commitment: 'processed' }],
        },
        { jsonrpc: '2.0', id: 2, method: 'getNothing', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-an-address'] },
        { jsonrpc: '2.0', id: 4, method: 'getHealth' },
      ])) as { id: number; result?: unknown; error?: { code: number } }[];
      expect(replies[0]?.result).toMatchObject({ context: { slot: expect.any(Number) }, value: expect.any(Number) });
      expect(replies[1]?.error?.code).toBe(-32601);
      expect(replies[2]?.error?.code).toBe(-32602);
      expect(replies[3]).toEqual({ jsonrpc: '2.0', id: 4, result: 'ok' });
      expect(await rawRpc(dev.chain.rpcUrl, 'not json')).toMatchObject({ error: { code: -32600 } });
    });

    it('serves the cluster methods kit clients call', async () => {
      const { value: latest } = await dev.rpc.getLatestBlockhash({ commitment: 'finalized' }).send();
      expect((await dev.rpc.isBlockhashValid(latest.blockhash, { commitment: 'processed' }).send()).value).toBe(true);
      expect(latest.lastValidBlockHeight).toBe(
        (await dev.rpc.getBlockHeight({ commitment: 'finalized' }).send()) + 150n,
      );
      expect(await dev.rpc.getGenesisHash().send()).toBe(
        (await dev.rpc.getBlock(0n, { rewards: false }).send())?.blockhash,
      );
      expect((await dev.rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    });

    it('simulates without recording anything', async () => {
      const wire = await signedWireTransaction(dev.rpc, dev.sender, [
        getTransferSolInstruction({ source: dev.sender, destination: dev.receiver, amount: 1000n * LAMPORTS_PER_SOL }),
      ]);
      const { value } = await dev.rpc.simulateTransaction(wire, { encoding: 'base64', sigVerify: true }).send();
      expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
      expect(value.logs?.join('\n')).toContain('insufficient lamports');
    });
  });
});

describe('Solana dev chain with a slot clock', () => {
  it('advances slots on its own until a transfer is finalized', async () => {
    const chain = await startSolanaDevChain({ slotIntervalMs: 10, finalizationDepth: 5 });
    try {
      const rpc = createSolanaRpc(chain.rpcUrl);
      const payer = await generateKeyPairSigner();
      await chain.fund(payer.address, { sol: '1' });
      const signature = await sendInstructions(rpc, payer, [
        getTransferSolInstruction({ source: payer, destination: chain.faucet.address as Address, amount: 1n }),
      ]);
      await expect
        .poll(async () => (await statuses(rpc, [signature]))[0]?.confirmationStatus, { timeout: 5_000, interval: 20 })
        .toBe('finalized');
    } finally {
      await chain.close();
    }
  });
});
