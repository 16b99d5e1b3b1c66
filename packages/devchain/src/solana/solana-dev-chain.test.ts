import { address, generateKeyPairSigner, type Signature } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LAMPORTS_PER_SOL,
  rawRpc,
  SIGNATURE_FEE,
  solBalance,
  statuses,
  usdtBalance,
  useFundedChain,
} from './funded-chain.ts';
import { associatedTokenAccount, sendInstructions, splTransferInstructions } from './index.ts';

describe('Solana dev chain', () => {
  const dev = useFundedChain();

  it('funds a fresh keypair with SOL and USDT', async () => {
    expect(await solBalance(dev.rpc, dev.sender.address)).toBe(2n * LAMPORTS_PER_SOL);
    expect(await usdtBalance(dev.rpc, dev.sender.address, dev.usdt)).toBe('100');
    const mintInfo = async (commitment: 'confirmed' | 'finalized') =>
      (await dev.rpc.getAccountInfo(dev.usdt, { encoding: 'jsonParsed', commitment }).send()).value?.data;
    expect(await mintInfo('confirmed')).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, mintAuthority: dev.chain.faucet.address, supply: '100000000' } },
    });
    // The mint was created at start and is final; the funding is only confirmed yet.
    expect(await mintInfo('finalized')).toMatchObject({ parsed: { info: { supply: '0' } } });
    expect(dev.chain.faucet.secretKey).toHaveLength(64);
  });

  describe('SOL and USDT transfers', () => {
    let solSignature: Signature;
    let usdtSignature: Signature;
    let usdtSlot: bigint;
    let rentExemptTokenAccount: bigint;

    beforeAll(async () => {
      rentExemptTokenAccount = await dev.rpc.getMinimumBalanceForRentExemption(165n).send();
      solSignature = await sendInstructions(dev.rpc, dev.sender, [
        getTransferSolInstruction({ source: dev.sender, destination: dev.receiver, amount: LAMPORTS_PER_SOL / 2n }),
      ]);
      usdtSignature = await sendInstructions(
        dev.rpc,
        dev.sender,
        await splTransferInstructions(dev.sender, dev.receiver, dev.usdt, 10_000_000n),
      );
    });

    it('confirms both transfers once the next slot is built on them', async () => {
      const [solStatus, usdtStatus] = await statuses(dev.rpc, [solSignature, usdtSignature]);
      expect(solStatus).toMatchObject({ confirmationStatus: 'confirmed', err: null, status: { Ok: null } });
      expect(usdtStatus).toMatchObject({ confirmationStatus: 'processed', confirmations: 0n, err: null });
      usdtSlot = usdtStatus?.slot ?? -1n;

      dev.chain.advanceSlots(1);
      expect(await statuses(dev.rpc, [solSignature, usdtSignature])).toMatchObject([
        { confirmationStatus: 'confirmed', err: null },
        { confirmationStatus: 'confirmed', confirmations: 1n, slot: usdtSlot },
      ]);
    });

    it('shows the new balances', async () => {
      expect(await solBalance(dev.rpc, dev.receiver)).toBe(LAMPORTS_PER_SOL / 2n);
      expect(await solBalance(dev.rpc, dev.sender.address)).toBe(
        2n * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2n - 2n * SIGNATURE_FEE - rentExemptTokenAccount,
      );
      expect(await usdtBalance(dev.rpc, dev.sender.address, dev.usdt)).toBe('90');
      expect(await usdtBalance(dev.rpc, dev.receiver, dev.usdt)).toBe('10');
    });

    it('reads several accounts at one slot with getMultipleAccounts, as agave answers it', async () => {
      const receiverToken = await associatedTokenAccount(dev.receiver, dev.usdt);
      const missing = (await generateKeyPairSigner()).address;
      const answer = (await rawRpc(dev.chain.rpcUrl, {
        jsonrpc: '2.0',
        id: 1,
        method: 'getMultipleAccounts',
        params: [[dev.receiver, missing, receiverToken], { commitment: 'confirmed' }],
      })) as { result: { context: { slot: number }; value: ({ lamports: number; data: [string, string] } | null)[] } };
      const { context, value } = answer.result;
      expect(context.slot).toBe(Number(await dev.rpc.getSlot({ commitment: 'confirmed' }).send()));
      expect(value[0]?.lamports).toBe(Number(LAMPORTS_PER_SOL / 2n));
      expect(value[1]).toBeNull();
      // base64 by default: an SPL token account, its amount a little-endian u64 at byte 64.
      expect(value[2]?.data[1]).toBe('base64');
      const data = Buffer.from(value[2]?.data[0] ?? '', 'base64');
      expect(data.readBigUInt64LE(64)).toBe(10_000_000n);

      const tooMany = (await rawRpc(dev.chain.rpcUrl, {
        jsonrpc: '2.0',
        id: 2,
        method: 'getMultipleAccounts',
        params: [Array.from({ length: 101 }, () => dev.receiver)],
      })) as { error: { code: number; message: string } };
      expect(tooMany.error).toMatchObject({ code: -32602, message: 'Too many inputs provided; max 100' });
      const ahead = (await rawRpc(dev.chain.rpcUrl, {
        jsonrpc: '2.0',
        id: 3,
        method: 'getMultipleAccounts',
        params: [[dev.receiver], { minContextSlot: context.slot + 1000 }],
      })) as { error: { code: number } };
      expect(ahead.error.code).toBe(-32016);
    });

    it('reports pre/post balances of the SOL transfer in getTransaction (json)', async () => {
      const transaction = await dev.rpc
        .getTransaction(solSignature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      expect(transaction).not.toBeNull();
      const keys = transaction?.transaction.message.accountKeys ?? [];
      const senderIndex = keys.indexOf(dev.sender.address);
      const receiverIndex = keys.indexOf(dev.receiver);
      expect(senderIndex).toBe(0);
      expect(transaction?.transaction.signatures).toEqual([solSignature]);
      expect(transaction?.meta).toMatchObject({ err: null, fee: SIGNATURE_FEE });
      expect(transaction?.meta?.preBalances[receiverIndex]).toBe(0n);
      expect(transaction?.meta?.postBalances[receiverIndex]).toBe(LAMPORTS_PER_SOL / 2n);
      expect(transaction?.meta?.postBalances[senderIndex]).toBe(
        (transaction?.meta?.preBalances[senderIndex] ?? 0n) - LAMPORTS_PER_SOL / 2n - SIGNATURE_FEE,
      );
      expect(transaction?.blockTime).toBeGreaterThan(0n);
      expect(transaction?.version).toBe(0);
    });

    it('reports token balances and the parsed transferChecked in getTransaction (jsonParsed)', async () => {
      const transaction = await dev.rpc
        .getTransaction(usdtSignature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
        .send();
      const uiAmount = (amount: string, uiAmountString: string) => ({ amount, decimals: 6, uiAmountString });
      expect(transaction?.slot).toBe(usdtSlot);
      expect(transaction?.meta?.preTokenBalances).toMatchObject([
        { owner: dev.sender.address, mint: dev.usdt, uiTokenAmount: uiAmount('100000000', '100') },
      ]);
      expect(transaction?.meta?.postTokenBalances).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            owner: dev.sender.address,
            mint: dev.usdt,
            uiTokenAmount: expect.objectContaining(uiAmount('90000000', '90')),
          }),
          expect.objectContaining({
            owner: dev.receiver,
            mint: dev.usdt,
            uiTokenAmount: expect.objectContaining(uiAmount('10000000', '10')),
          }),
        ]),
      );
      expect(transaction?.transaction.message.accountKeys[0]).toMatchObject({
        pubkey: dev.sender.address,
        signer: true,
        writable: true,
      });
      expect(transaction?.transaction.message.instructions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            program: 'spl-token',
            parsed: expect.objectContaining({
              type: 'transferChecked',
              // kit upcasts every number inside untyped `parsed.info` to a bigint.
              info: expect.objectContaining({
                authority: dev.sender.address,
                tokenAmount: expect.objectContaining({ amount: '10000000', decimals: 6n }),
              }),
            }),
          }),
        ]),
      );
    });

    it('lists the transfers in getBlock of their slots', async () => {
      const block = await dev.rpc
        .getBlock(usdtSlot, {
          encoding: 'jsonParsed',
          transactionDetails: 'full',
          maxSupportedTransactionVersion: 0,
          rewards: false,
        })
        .send();
      expect(block?.parentSlot).toBe(usdtSlot - 1n);
      expect(block?.transactions.map(({ transaction }) => transaction.signatures[0])).toEqual([usdtSignature]);
      const parent = await dev.rpc
        .getBlock(usdtSlot - 1n, { encoding: 'json', transactionDetails: 'full', maxSupportedTransactionVersion: 0 })
        .send();
      expect(parent?.blockhash).toBe(block?.previousBlockhash);
      expect(parent?.transactions[0]?.transaction.signatures).toEqual([solSignature]);
    });

    it('keeps the transfers out of finalized queries until 31 slots sit on top', async () => {
      const finalizedBlocks = async () => dev.rpc.getBlocks(0n, undefined, { commitment: 'finalized' }).send();
      expect(await finalizedBlocks()).not.toContain(usdtSlot - 1n);
      expect(await solBalance(dev.rpc, dev.receiver, 'finalized')).toBe(0n);

      dev.chain.advanceSlots(29); // 30 slots on top of the USDT transfer
      expect(await finalizedBlocks()).not.toContain(usdtSlot);

      dev.chain.advanceSlots(1);
      expect(await finalizedBlocks()).toEqual(expect.arrayContaining([usdtSlot - 1n, usdtSlot]));
      expect(await solBalance(dev.rpc, dev.receiver, 'finalized')).toBe(LAMPORTS_PER_SOL / 2n);
      expect(await statuses(dev.rpc, [usdtSignature])).toMatchObject([
        { confirmationStatus: 'finalized', confirmations: null },
      ]);
    });

    it('accepts an identical transfer on a newer blockhash as a new transaction', async () => {
      const again = await sendInstructions(dev.rpc, dev.sender, [
        getTransferSolInstruction({ source: dev.sender, destination: dev.receiver, amount: LAMPORTS_PER_SOL / 2n }),
      ]);
      expect(again).not.toBe(solSignature);
      const [status] = await statuses(dev.rpc, [again]);
      expect(status).toMatchObject({ err: null });
    });
  });

  describe('token accounts', () => {
    it('lists token accounts by mint and by program, telling a look-alike mint apart', async () => {
      const lookAlike = address(await dev.chain.createMint(dev.receiver, '5'));
      const byMint = await dev.rpc
        .getTokenAccountsByOwner(dev.receiver, { mint: dev.usdt }, { encoding: 'jsonParsed' })
        .send();
      expect(byMint.value.map(({ account }) => account.data.parsed.info.mint)).toEqual([dev.usdt]);
      expect(byMint.value[0]?.pubkey).toBe(await associatedTokenAccount(dev.receiver, dev.usdt));

      const byProgram = await dev.rpc
        .getTokenAccountsByOwner(dev.receiver, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
        .send();
      const holdings = byProgram.value.map(({ account }) => account.data.parsed.info);
      expect(holdings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ mint: dev.usdt, owner: dev.receiver, state: 'initialized' }),
          expect.objectContaining({ mint: lookAlike, tokenAmount: expect.objectContaining({ uiAmountString: '5' }) }),
        ]),
      );
      const { value: raw } = await dev.rpc
        .getAccountInfo(await associatedTokenAccount(dev.receiver, lookAlike), { encoding: 'base64' })
        .send();
      expect(raw?.space).toBe(165n);
      expect(raw?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    });
  });
});
