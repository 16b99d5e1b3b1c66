import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import type { SolanaHotWalletKey } from './solana-hot-wallet.ts';

type SolanaRpc = ReturnType<typeof createSolanaRpc>;

/** A Solana deposit key's seed at a derivation index (chain/deposit-keys.ts), with the address it must have. */
export type SolanaDepositKeyAt = (derivationIndex: number) => { seed: Uint8Array; address: string };

/** What a sweep moves: SOL, or an SPL token of `mint` (its decimals are part of a checked transfer). */
export type SweepAsset = { kind: 'sol' } | { kind: 'token'; mint: string; decimals: number };

/** Who gives: a deposit address (by its key's index) or the hot wallet itself (a to-cold sweep). */
export type SweepSource = { depositIndex: number; address: string } | 'hot-wallet';

export interface SignedSweep {
  /** The base64 wire transaction, exactly the bytes that go out (again, after a crash). */
  wire: string;
  signature: string;
  /** The blockhash it was signed with: a finalized one, so that its expiry can be judged at 'finalized'. */
  recentBlockhash: string;
}

/** A transaction seen in a finalized block: its error (null: it succeeded), its fee and what the hot wallet spent. */
export interface LandedSweep {
  slot: bigint;
  err: unknown;
  fee: bigint;
  /** The fee payer's (hot wallet's) lamports before minus after: the fee, rent it paid, and SOL it sent. */
  hotWalletSpent: bigint;
}

/**
 * The Solana side of the treasury's sweeps (domain/treasury/solana-sweeper.ts): reads balances at 'finalized',
 * signs a transfer with the HOT WALLET AS FEE PAYER (a deposit address needs no SOL for its own sweep), sends
 * the recorded bytes, and tells whether a signature landed or can no longer land. Only a treasury process has it.
 */
export interface SolanaSweepChain {
  hotWallet: string;
  /** Lamports at `owner`, finalized. */
  solBalance(owner: string): Promise<bigint>;
  /** Base units of `mint` in `owner`'s associated token account, finalized (0 without one). */
  tokenBalance(owner: string, mint: string): Promise<bigint>;
  /** The rent-exempt minimum of an account without data (a system account): a sweep must not leave less, unless 0. */
  rentExemptMinimum(): Promise<bigint>;
  signTransfer(p: { from: SweepSource; to: string; asset: SweepAsset; amount: bigint }): Promise<SignedSweep>;
  /** Sends the bytes; `preflight` false for a re-send, which a node then drops silently if they already landed. */
  send(wire: string, preflight: boolean): Promise<void>;
  /** The transaction in a finalized block, or null when it is in none (yet). */
  landed(signature: string): Promise<LandedSweep | null>;
  /** Whether `signature` was seen at all, at any commitment (null: never). */
  seen(signature: string): Promise<'processed' | 'confirmed' | 'finalized' | null>;
  /** Whether a transaction signed with `blockhash` can no longer land (judged at 'finalized'). */
  blockhashExpired(blockhash: string): Promise<boolean>;
}

export function solanaSweepChain(options: {
  rpcUrl: string;
  hotWallet: SolanaHotWalletKey;
  depositKeyAt: SolanaDepositKeyAt;
}): SolanaSweepChain {
  const rpc: SolanaRpc = createSolanaRpc(options.rpcUrl);
  const signers = new Map<string, Promise<KeyPairSigner>>();
  const tokenPrograms = new Map<string, Address>();
  let rentMinimum: bigint | null = null;

  const signerOf = (seed: Uint8Array, expected: string) => {
    let signer = signers.get(expected);
    if (!signer) {
      signer = createKeyPairSignerFromPrivateKeyBytes(seed).then((made) => {
        // A key that is not the address's would sign a transaction that can only fail: refuse before signing.
        if (made.address !== expected) throw new Error(`the key derived for ${expected} is of ${made.address}`);
        return made;
      });
      signer.catch(() => signers.delete(expected));
      signers.set(expected, signer);
    }
    return signer;
  };
  const hotSigner = () => signerOf(options.hotWallet.seed, options.hotWallet.address);

  /** The program that owns the mint (SPL Token or Token-2022), part of the associated account's address. */
  async function tokenProgramOf(mint: string): Promise<Address> {
    const known = tokenPrograms.get(mint);
    if (known) return known;
    const account = await rpc.getAccountInfo(address(mint), { encoding: 'base64', commitment: 'finalized' }).send();
    if (!account.value) throw new Error(`no mint ${mint} on this chain`);
    tokenPrograms.set(mint, account.value.owner);
    return account.value.owner;
  }

  async function tokenAccountOf(owner: string, mint: string, tokenProgram: Address): Promise<Address> {
    const [account] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram });
    return account;
  }

  return {
    hotWallet: options.hotWallet.address,

    async solBalance(owner) {
      const { value } = await rpc.getBalance(address(owner), { commitment: 'finalized' }).send();
      return BigInt(value);
    },

    async tokenBalance(owner, mint) {
      const account = await tokenAccountOf(owner, mint, await tokenProgramOf(mint));
      const info = await rpc.getAccountInfo(account, { encoding: 'base64', commitment: 'finalized' }).send();
      if (!info.value) return 0n;
      const { value } = await rpc.getTokenAccountBalance(account, { commitment: 'finalized' }).send();
      return BigInt(value.amount);
    },

    async rentExemptMinimum() {
      rentMinimum ??= BigInt(await rpc.getMinimumBalanceForRentExemption(0n).send());
      return rentMinimum;
    },

    async signTransfer({ from, to, asset, amount }) {
      const hot = await hotSigner();
      const source =
        from === 'hot-wallet'
          ? hot
          : await (async () => {
              const key = options.depositKeyAt(from.depositIndex);
              return signerOf(key.seed, from.address);
            })();
      const instructions: Instruction[] = [];
      if (asset.kind === 'sol') {
        instructions.push(getTransferSolInstruction({ source, destination: address(to), amount }));
      } else {
        const tokenProgram = await tokenProgramOf(asset.mint);
        const mint = address(asset.mint);
        const destination = await tokenAccountOf(to, asset.mint, tokenProgram);
        // The receiver's token account is created when missing, its rent paid by the hot wallet; a no-op if it exists.
        instructions.push(
          getCreateAssociatedTokenIdempotentInstruction({
            payer: hot,
            ata: destination,
            owner: address(to),
            mint,
            tokenProgram,
          }),
          getTransferCheckedInstruction(
            {
              source: await tokenAccountOf(source.address, asset.mint, tokenProgram),
              mint,
              destination,
              authority: source,
              amount,
              decimals: asset.decimals,
            },
            { programAddress: tokenProgram },
          ),
        );
      }
      // A finalized blockhash: whether it expired is then judged at 'finalized', where nothing is undone.
      const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'finalized' }).send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (draft) => setTransactionMessageFeePayerSigner(hot, draft),
        (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
        (draft) => appendTransactionMessageInstructions(instructions, draft),
      );
      const signed = await signTransactionMessageWithSigners(message);
      return {
        wire: getBase64EncodedWireTransaction(signed),
        signature: getSignatureFromTransaction(signed),
        recentBlockhash: lifetime.blockhash,
      };
    },

    async send(wire, preflight) {
      await rpc
        .sendTransaction(wire as Parameters<SolanaRpc['sendTransaction']>[0], {
          encoding: 'base64',
          skipPreflight: !preflight,
          preflightCommitment: 'confirmed',
        })
        .send();
    },

    async landed(signature) {
      const tx = await rpc
        .getTransaction(signature as Signature, {
          commitment: 'finalized',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      if (!tx?.meta) return null;
      const pre = BigInt(tx.meta.preBalances[0] ?? 0n);
      const post = BigInt(tx.meta.postBalances[0] ?? 0n);
      return { slot: BigInt(tx.slot), err: tx.meta.err, fee: BigInt(tx.meta.fee), hotWalletSpent: pre - post };
    },

    async seen(signature) {
      const { value } = await rpc
        .getSignatureStatuses([signature as Signature], { searchTransactionHistory: true })
        .send();
      return value[0]?.confirmationStatus ?? null;
    },

    async blockhashExpired(blockhash) {
      const { value } = await rpc
        .isBlockhashValid(blockhash as Parameters<SolanaRpc['isBlockhashValid']>[0], { commitment: 'finalized' })
        .send();
      return !value;
    },
  };
}
