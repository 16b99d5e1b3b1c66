import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { createMethods } from './methods/index.ts';
import { startRpcServer } from './rpc-server.ts';
import { parseUnits } from './token-accounts.ts';
import { describeTransactionError } from './transaction-errors.ts';
import { LocalValidator } from './validator.ts';

export interface SolanaDevChainOptions {
  /** 0 or undefined: a free port on 127.0.0.1. */
  port?: number;
  /** >0: advance one (empty) slot every N ms, like a real cluster; 0/undefined: slots advance only per transaction and via advanceSlots(). */
  slotIntervalMs?: number;
  /** A slot is 'finalized' once tip - slot >= depth; default 31 ('confirmed' = tip - 1, 'processed' = tip). */
  finalizationDepth?: number;
}

export interface SolanaDevChain {
  rpcUrl: string;
  /** An SPL-token (classic Token program) mint with 6 decimals, created at start. */
  usdtMint: string;
  /** Pays fees, mint authority of usdtMint. `secretKey` is the 64-byte form (seed then public key) of solana-keygen files. */
  faucet: { address: string; secretKey: Uint8Array };
  /**
   * Airdrops SOL (decimal string, e.g. '2') and mints USDT (decimal string) to `owner`'s associated token account
   * (created if missing), in one faucet transaction. Resolves once that transaction is 'confirmed', with its
   * signature (null when nothing was asked).
   */
  fund(owner: string, amounts: { sol?: string; usdt?: string }): Promise<string | null>;
  /** Creates another mint (6 decimals) for look-alike tests and mints `amount` to owner. */
  createMint(owner: string, amount: string): Promise<string>;
  advanceSlots(n: number): void;
  /** `n` slots pass without a block (skipped by their leaders), then one empty block. */
  skipSlots(n: number): void;
  close(): Promise<void>;
}

const SOL_DECIMALS = 9;
const TOKEN_DECIMALS = 6;
/** The faucet's genesis balance: 500 million SOL, more than any test run spends. */
const FAUCET_LAMPORTS = 500_000_000n * 10n ** BigInt(SOL_DECIMALS);

export async function startSolanaDevChain(options: SolanaDevChainOptions = {}): Promise<SolanaDevChain> {
  const finalizationDepth = options.finalizationDepth ?? 31;
  const faucetSeed = crypto.getRandomValues(new Uint8Array(32));
  const faucet = await createKeyPairSignerFromPrivateKeyBytes(faucetSeed);
  const validator = new LocalValidator({
    finalizationDepth,
    genesisBalances: [{ address: faucet.address, lamports: FAUCET_LAMPORTS }],
  });
  const submit = (instructions: readonly Instruction[]) => submitAsFaucet(validator, faucet, instructions);

  const usdtMint = await generateKeyPairSigner();
  await submit(createMintInstructions(validator, faucet, usdtMint));
  // Setup is final before anyone looks, so even 'finalized' queries see the USDT mint.
  validator.advanceSlots(finalizationDepth);

  const server = await startRpcServer(createMethods(validator), options.port ?? 0);
  const slotIntervalMs = options.slotIntervalMs ?? 0;
  const timer = slotIntervalMs > 0 ? setInterval(() => validator.advanceSlots(1), slotIntervalMs) : undefined;

  // Faucet transactions run one at a time: two identical fund() calls signed against the same blockhash would
  // have the same signature, and the second would be refused as already processed.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  let closing: Promise<void> | undefined;

  return {
    rpcUrl: server.url,
    usdtMint: usdtMint.address,
    faucet: {
      address: faucet.address,
      secretKey: new Uint8Array([...faucetSeed, ...getAddressEncoder().encode(faucet.address)]),
    },
    fund: (owner, amounts) =>
      serialized(async () => {
        const recipient = address(owner);
        const instructions: Instruction[] = [];
        if (amounts.sol !== undefined) {
          const amount = parseUnits(amounts.sol, SOL_DECIMALS);
          instructions.push(getTransferSolInstruction({ source: faucet, destination: recipient, amount }));
        }
        if (amounts.usdt !== undefined) {
          const amount = parseUnits(amounts.usdt, TOKEN_DECIMALS);
          instructions.push(...(await mintToInstructions(faucet, usdtMint.address, recipient, amount)));
        }
        if (instructions.length === 0) return null;
        const signature = await submit(instructions);
        // One more slot makes the funding visible at 'confirmed', the commitment kit clients read at by default.
        validator.advanceSlots(1);
        return signature;
      }),
    createMint: (owner, amount) =>
      serialized(async () => {
        const mint = await generateKeyPairSigner();
        const holding = await mintToInstructions(
          faucet,
          mint.address,
          address(owner),
          parseUnits(amount, TOKEN_DECIMALS),
        );
        await submit([...createMintInstructions(validator, faucet, mint), ...holding]);
        validator.advanceSlots(1);
        return mint.address;
      }),
    advanceSlots: (n) => validator.advanceSlots(n),
    skipSlots: (n) => validator.skipSlots(n),
    close: () => {
      if (!closing) {
        clearInterval(timer);
        closing = server.close();
      }
      return closing;
    },
  };
}

/** Signs with the faucet as fee payer and executes through the same path as RPC sendTransaction (with preflight). */
async function submitAsFaucet(
  validator: LocalValidator,
  faucet: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<string> {
  const latest = validator.blockhashAt(validator.tipSlot);
  const lifetime = {
    blockhash: blockhash(latest.blockhash),
    lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
  };
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(faucet, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const { preflightFailure } = validator.sendTransaction(getTransactionEncoder().encode(signed), false);
  if (preflightFailure) {
    const logs = preflightFailure.logs.join('\n');
    throw new Error(`faucet transaction failed: ${describeTransactionError(preflightFailure.err)}\n${logs}`);
  }
  return getSignatureFromTransaction(signed);
}

function createMintInstructions(validator: LocalValidator, faucet: KeyPairSigner, mint: KeyPairSigner): Instruction[] {
  const space = getMintSize();
  return [
    getCreateAccountInstruction({
      payer: faucet,
      newAccount: mint,
      lamports: validator.rentExemptMinimum(space),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: TOKEN_DECIMALS, mintAuthority: faucet.address }),
  ];
}

async function mintToInstructions(
  faucet: KeyPairSigner,
  mint: Address,
  owner: Address,
  amount: bigint,
): Promise<Instruction[]> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: faucet, ata, owner, mint }),
    getMintToCheckedInstruction({ mint, token: ata, mintAuthority: faucet, amount, decimals: TOKEN_DECIMALS }),
  ];
}
