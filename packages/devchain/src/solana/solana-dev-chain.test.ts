import {
  type Address,
  address,
  type Commitment,
  createSolanaRpc,
  generateKeyPairSigner,
  isSolanaError,
  type KeyPairSigner,
  type Signature,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  associatedTokenAccount,
  type SolanaDevChain,
  sendInstructions,
  signedWireTransaction,
  splTransferInstructions,
  startSolanaDevChain,
} from './index.ts';

type Rpc = ReturnType<typeof createSolanaRpc>;

const LAMPORTS_PER_SOL = 1_000_000_000n;
const SIGNATURE_FEE = 5000n;

async function statuses(rpc: Rpc, signatures: Signature[]) {
  return (await rpc.getSignatureStatuses(signatures).send()).value;
}

async function solBalance(rpc: Rpc, owner: Address, commitment: Commitment = 'confirmed') {
  return (await rpc.getBalance(owner, { commitment }).send()).value;
}

async function usdtBalance(rpc: Rpc, owner: Address, mint: Address) {
  return (await rpc.getTokenAccountBalance(await associatedTokenAccount(owner, mint)).send()).value.uiAmountString;
}

/** A raw JSON-RPC exchange, for what kit hides: batches and error objects. */
async function rawRpc(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe('Solana dev chain', () => {
  let chain: SolanaDevChain;
  let rpc: Rpc;
  let usdt: Address;
  let sender: KeyPairSigner;
  let receiver: Address;

  beforeAll(async () => {
    chain = await startSolanaDevChain();
    rpc = createSolanaRpc(chain.rpcUrl);
    usdt = address(chain.usdtMint);
    sender = await generateKeyPairSigner();
    receiver = (await generateKeyPairSigner()).address;
    await chain.fund(sender.address, { sol: '2', usdt: '100' });
  });

  afterAll(() => chain?.close());

  it('funds a fresh keypair with SOL and USDT', async () => {
    expect(await solBalance(rpc, sender.address)).toBe(2n * LAMPORTS_PER_SOL);
    expect(await usdtBalance(rpc, sender.address, usdt)).toBe('100');
    const mintInfo = async (commitment: 'confirmed' | 'finalized') =>
      (await rpc.getAccountInfo(usdt, { encoding: 'jsonParsed', commitment }).send()).value?.data;
    expect(await mintInfo('confirmed')).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, mintAuthority: chain.faucet.address, supply: '100000000' } },
    });
    // The mint was created at start and is final; the funding is only confirmed yet.
    expect(await mintInfo('finalized')).toMatchObject({ parsed: { info: { supply: '0' } } });
    expect(chain.faucet.secretKey).toHaveLength(64);
  });

  describe('SOL and USDT transfers', () => {
    let solSignature: Signature;
    let usdtSignature: Signature;
    let usdtSlot: bigint;
    let rentExemptTokenAccount: bigint;

    beforeAll(async () => {
      rentExemptTokenAccount = await rpc.getMinimumBalanceForRentExemption(165n).send();
      solSignature = await sendInstructions(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: LAMPORTS_PER_SOL / 2n }),
      ]);
      usdtSignature = await sendInstructions(
        rpc,
        sender,
        await splTransferInstructions(sender, receiver, usdt, 10_000_000n),
      );
    });

    it('confirms both transfers once the next slot is built on them', async () => {
      const [solStatus, usdtStatus] = await statuses(rpc, [solSignature, usdtSignature]);
      expect(solStatus).toMatchObject({ confirmationStatus: 'confirmed', err: null, status: { Ok: null } });
      expect(usdtStatus).toMatchObject({ confirmationStatus: 'processed', confirmations: 0n, err: null });
      usdtSlot = usdtStatus?.slot ?? -1n;

      chain.advanceSlots(1);
      expect(await statuses(rpc, [solSignature, usdtSignature])).toMatchObject([
        { confirmationStatus: 'confirmed', err: null },
        { confirmationStatus: 'confirmed', confirmations: 1n, slot: usdtSlot },
      ]);
    });

    it('shows the new balances', async () => {
      expect(await solBalance(rpc, receiver)).toBe(LAMPORTS_PER_SOL / 2n);
      expect(await solBalance(rpc, sender.address)).toBe(
        2n * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2n - 2n * SIGNATURE_FEE - rentExemptTokenAccount,
      );
      expect(await usdtBalance(rpc, sender.address, usdt)).toBe('90');
      expect(await usdtBalance(rpc, receiver, usdt)).toBe('10');
    });

    it('reads several accounts at one slot with getMultipleAccounts, as agave answers it', async () => {
      const receiverToken = await associatedTokenAccount(receiver, usdt);
      const missing = (await generateKeyPairSigner()).address;
      const answer = (await rawRpc(chain.rpcUrl, {
        jsonrpc: '2.0',
        id: 1,
        method: 'getMultipleAccounts',
        params: [[receiver, missing, receiverToken], { commitment: 'confirmed' }],
      })) as { result: { context: { slot: number }; value: ({ lamports: number; data: [string, string] } | null)[] } };
      const { context, value } = answer.result;
      expect(context.slot).toBe(Number(await rpc.getSlot({ commitment: 'confirmed' }).send()));
      expect(value[0]?.lamports).toBe(Number(LAMPORTS_PER_SOL / 2n));
      expect(value[1]).toBeNull();
      // base64 by default: an SPL token account, its amount a little-endian u64 at byte 64.
      expect(value[2]?.data[1]).toBe('base64');
      const data = Buffer.from(value[2]?.data[0] ?? '', 'base64');
      expect(data.readBigUInt64LE(64)).toBe(10_000_000n);

      const tooMany = (await rawRpc(chain.rpcUrl, {
        jsonrpc: '2.0',
        id: 2,
        method: 'getMultipleAccounts',
        params: [Array.from({ length: 101 }, () => receiver)],
      })) as { error: { code: number; message: string } };
      expect(tooMany.error).toMatchObject({ code: -32602, message: 'Too many inputs provided; max 100' });
      const ahead = (await rawRpc(chain.rpcUrl, {
        jsonrpc: '2.0',
        id: 3,
        method: 'getMultipleAccounts',
        params: [[receiver], { minContextSlot: context.slot + 1000 }],
      })) as { error: { code: number } };
      expect(ahead.error.code).toBe(-32016);
    });

    it('reports pre/post balances of the SOL transfer in getTransaction (json)', async () => {
      const transaction = await rpc
        .getTransaction(solSignature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      expect(transaction).not.toBeNull();
      const keys = transaction?.transaction.message.accountKeys ?? [];
      const senderIndex = keys.indexOf(sender.address);
      const receiverIndex = keys.indexOf(receiver);
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
      const transaction = await rpc
        .getTransaction(usdtSignature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
        .send();
      const uiAmount = (amount: string, uiAmountString: string) => ({ amount, decimals: 6, uiAmountString });
      expect(transaction?.slot).toBe(usdtSlot);
      expect(transaction?.meta?.preTokenBalances).toMatchObject([
        { owner: sender.address, mint: usdt, uiTokenAmount: uiAmount('100000000', '100') },
      ]);
      expect(transaction?.meta?.postTokenBalances).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            owner: sender.address,
            mint: usdt,
            uiTokenAmount: expect.objectContaining(uiAmount('90000000', '90')),
          }),
          expect.objectContaining({
            owner: receiver,
            mint: usdt,
            uiTokenAmount: expect.objectContaining(uiAmount('10000000', '10')),
          }),
        ]),
      );
      expect(transaction?.transaction.message.accountKeys[0]).toMatchObject({
        pubkey: sender.address,
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
                authority: sender.address,
                tokenAmount: expect.objectContaining({ amount: '10000000', decimals: 6n }),
              }),
            }),
          }),
        ]),
      );
    });

    it('lists the transfers in getBlock of their slots', async () => {
      const block = await rpc
        .getBlock(usdtSlot, {
          encoding: 'jsonParsed',
          transactionDetails: 'full',
          maxSupportedTransactionVersion: 0,
          rewards: false,
        })
        .send();
      expect(block?.parentSlot).toBe(usdtSlot - 1n);
      expect(block?.transactions.map(({ transaction }) => transaction.signatures[0])).toEqual([usdtSignature]);
      const parent = await rpc
        .getBlock(usdtSlot - 1n, { encoding: 'json', transactionDetails: 'full', maxSupportedTransactionVersion: 0 })
        .send();
      expect(parent?.blockhash).toBe(block?.previousBlockhash);
      expect(parent?.transactions[0]?.transaction.signatures).toEqual([solSignature]);
    });

    it('keeps the transfers out of finalized queries until 31 slots sit on top', async () => {
      const finalizedBlocks = async () => rpc.getBlocks(0n, undefined, { commitment: 'finalized' }).send();
      expect(await finalizedBlocks()).not.toContain(usdtSlot - 1n);
      expect(await solBalance(rpc, receiver, 'finalized')).toBe(0n);

      chain.advanceSlots(29); // 30 slots on top of the USDT transfer
      expect(await finalizedBlocks()).not.toContain(usdtSlot);

      chain.advanceSlots(1);
      expect(await finalizedBlocks()).toEqual(expect.arrayContaining([usdtSlot - 1n, usdtSlot]));
      expect(await solBalance(rpc, receiver, 'finalized')).toBe(LAMPORTS_PER_SOL / 2n);
      expect(await statuses(rpc, [usdtSignature])).toMatchObject([
        { confirmationStatus: 'finalized', confirmations: null },
      ]);
    });

    it('accepts an identical transfer on a newer blockhash as a new transaction', async () => {
      const again = await sendInstructions(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: LAMPORTS_PER_SOL / 2n }),
      ]);
      expect(again).not.toBe(solSignature);
      const [status] = await statuses(rpc, [again]);
      expect(status).toMatchObject({ err: null });
    });
  });

  describe('failing transfers', () => {
    const tooMuch = (lamports: bigint) => [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: lamports }),
    ];

    it('records a failing transfer sent with skipPreflight in its slot, charging only the fee', async () => {
      // The previous test's transfer sits in the newest slot, so the baseline is read at 'processed'.
      const senderBefore = await solBalance(rpc, sender.address, 'processed');
      const receiverBefore = await solBalance(rpc, receiver, 'processed');
      const signature = await sendInstructions(rpc, sender, tooMuch(1000n * LAMPORTS_PER_SOL), true);
      chain.advanceSlots(1);

      const customInsufficientFunds = { InstructionError: [0n, { Custom: 1n }] };
      const [status] = await statuses(rpc, [signature]);
      expect(status).toMatchObject({ confirmationStatus: 'confirmed', err: customInsufficientFunds });
      const transaction = await rpc
        .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      expect(transaction?.meta).toMatchObject({ err: customInsufficientFunds, fee: SIGNATURE_FEE });
      expect(transaction?.meta?.postBalances).toEqual([
        (transaction?.meta?.preBalances[0] ?? 0n) - SIGNATURE_FEE,
        ...(transaction?.meta?.preBalances.slice(1) ?? []),
      ]);
      const block = await rpc.getBlock(status?.slot ?? 0n, { transactionDetails: 'signatures', rewards: false }).send();
      expect(block?.signatures).toEqual([signature]);

      expect(await solBalance(rpc, sender.address)).toBe(senderBefore - SIGNATURE_FEE);
      expect(await solBalance(rpc, receiver)).toBe(receiverBefore);
    });

    it('reports in meta.fee exactly what the runtime charged, priority fee included', async () => {
      const price = new Uint8Array(9);
      price[0] = 3; // ComputeBudget SetComputeUnitPrice, 2_000_000 micro-lamports per unit
      new DataView(price.buffer).setBigUint64(1, 2_000_000n, true);
      const setPrice = { programAddress: address('ComputeBudget111111111111111111111111111111'), data: price };
      const signature = await sendInstructions(rpc, sender, [setPrice, ...tooMuch(999n * LAMPORTS_PER_SOL)], true);
      chain.advanceSlots(1);
      const transaction = await rpc
        .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      const charged = (transaction?.meta?.preBalances[0] ?? 0n) - (transaction?.meta?.postBalances[0] ?? 0n);
      // Two builtin instructions reserve 3000 units each without an explicit limit: 6000 × 2 lamports.
      expect(transaction?.meta?.fee).toBe(SIGNATURE_FEE + 12_000n);
      expect(charged).toBe(transaction?.meta?.fee);
    });

    it('refuses a failing transfer at preflight and records nothing', async () => {
      const senderBefore = await solBalance(rpc, sender.address);
      const slotBefore = await rpc.getSlot({ commitment: 'processed' }).send();
      const wire = await signedWireTransaction(rpc, sender, tooMuch(1001n * LAMPORTS_PER_SOL));
      const refusal = await rpc
        .sendTransaction(wire, { encoding: 'base64' })
        .send()
        .catch((error: unknown) => error);
      expect(isSolanaError(refusal, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(
        true,
      );

      chain.advanceSlots(1);
      expect(await rpc.getSlot({ commitment: 'processed' }).send()).toBe(slotBefore + 1n);
      expect(await solBalance(rpc, sender.address)).toBe(senderBefore);
    });

    it('refuses a duplicate at preflight', async () => {
      const wire = await signedWireTransaction(rpc, sender, tooMuch(1n));
      await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
      const duplicate = await rpc
        .sendTransaction(wire, { encoding: 'base64' })
        .send()
        .catch((error: unknown) => error);
      expect(isSolanaError(duplicate, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(
        true,
      );
    });
  });

  describe('token accounts', () => {
    it('lists token accounts by mint and by program, telling a look-alike mint apart', async () => {
      const lookAlike = address(await chain.createMint(receiver, '5'));
      const byMint = await rpc.getTokenAccountsByOwner(receiver, { mint: usdt }, { encoding: 'jsonParsed' }).send();
      expect(byMint.value.map(({ account }) => account.data.parsed.info.mint)).toEqual([usdt]);
      expect(byMint.value[0]?.pubkey).toBe(await associatedTokenAccount(receiver, usdt));

      const byProgram = await rpc
        .getTokenAccountsByOwner(receiver, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
        .send();
      const holdings = byProgram.value.map(({ account }) => account.data.parsed.info);
      expect(holdings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ mint: usdt, owner: receiver, state: 'initialized' }),
          expect.objectContaining({ mint: lookAlike, tokenAmount: expect.objectContaining({ uiAmountString: '5' }) }),
        ]),
      );
      const { value: raw } = await rpc
        .getAccountInfo(await associatedTokenAccount(receiver, lookAlike), { encoding: 'base64' })
        .send();
      expect(raw?.space).toBe(165n);
      expect(raw?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    });
  });

  describe('JSON-RPC front', () => {
    it('answers batches with the real shapes and error codes', async () => {
      const replies = (await rawRpc(chain.rpcUrl, [
        { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [chain.faucet.address, { commitment: 'processed' }] },
        { jsonrpc: '2.0', id: 2, method: 'getNothing', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-an-address'] },
        { jsonrpc: '2.0', id: 4, method: 'getHealth' },
      ])) as { id: number; result?: unknown; error?: { code: number } }[];
      expect(replies[0]?.result).toMatchObject({ context: { slot: expect.any(Number) }, value: expect.any(Number) });
      expect(replies[1]?.error?.code).toBe(-32601);
      expect(replies[2]?.error?.code).toBe(-32602);
      expect(replies[3]).toEqual({ jsonrpc: '2.0', id: 4, result: 'ok' });
      expect(await rawRpc(chain.rpcUrl, 'not json')).toMatchObject({ error: { code: -32600 } });
    });

    it('serves the cluster methods kit clients call', async () => {
      const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'finalized' }).send();
      expect((await rpc.isBlockhashValid(latest.blockhash, { commitment: 'processed' }).send()).value).toBe(true);
      expect(latest.lastValidBlockHeight).toBe((await rpc.getBlockHeight({ commitment: 'finalized' }).send()) + 150n);
      expect(await rpc.getGenesisHash().send()).toBe((await rpc.getBlock(0n, { rewards: false }).send())?.blockhash);
      expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    });

    it('simulates without recording anything', async () => {
      const wire = await signedWireTransaction(rpc, sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: 1000n * LAMPORTS_PER_SOL }),
      ]);
      const { value } = await rpc.simulateTransaction(wire, { encoding: 'base64', sigVerify: true }).send();
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
