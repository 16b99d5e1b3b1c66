import { fromBaseUnits, toBaseUnits } from '@aidf/contract';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { solanaRpcUrl } from './solana-rpc.ts';
import { type OnChainTransfer, WalletError, type WalletTransfers } from './types.ts';

/** The base fee of a transaction with one signature (the payer's), in lamports. */
export const SOLANA_FEE_LAMPORTS = 5_000n;
const SOL_DECIMALS = 9;

/** Signs the wire transaction (its one signature empty) and answers the signed wire bytes. */
export type SolanaTransactionSigner = (address: string, wire: Uint8Array) => Promise<Uint8Array>;

const rpc = () => createSolanaRpc(solanaRpcUrl());

/** A SOL transfer, or an SPL one (transferChecked between associated token accounts, the receiver's made if absent). */
async function instructionsFor(from: Address, t: OnChainTransfer): Promise<Instruction[]> {
  const payer = createNoopSigner(from);
  const amount = toBaseUnits(t.amount, t.token.decimals);
  const to = address(t.to);
  if (t.token.contract === null) return [getTransferSolInstruction({ source: payer, destination: to, amount })];
  const mint = address(t.token.contract);
  const [source] = await findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint }),
    getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount, decimals: t.token.decimals }),
  ];
}

/** The unsigned wire transaction of a transfer, against the latest blockhash. */
async function unsignedTransfer(from: string, t: OnChainTransfer): Promise<Uint8Array> {
  const payer = address(from);
  const [instructions, { value: lifetime }] = await Promise.all([
    instructionsFor(payer, t),
    rpc().getLatestBlockhash().send(),
  ]);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

/**
 * Reads and transfers on Solana through the app's RPC: the wallet only signs (`sign`), the app sends and
 * follows the transaction, so the transfer lands on the chain the server watches (the dev stand-in too).
 */
export function solanaTransfers(sign: SolanaTransactionSigner): WalletTransfers {
  return {
    async balanceOf(owner, token) {
      if (token.contract === null) {
        const { value } = await rpc().getBalance(address(owner)).send();
        return fromBaseUnits(value, SOL_DECIMALS);
      }
      const [account] = await findAssociatedTokenPda({
        owner: address(owner),
        mint: address(token.contract),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const answer = await rpc()
        .getTokenAccountBalance(account)
        .send()
        .catch(() => null);
      return answer ? fromBaseUnits(BigInt(answer.value.amount), token.decimals) : '0';
    },
    async transferFee(from) {
      const { value } = await rpc().getBalance(address(from)).send();
      return {
        fee: fromBaseUnits(SOLANA_FEE_LAMPORTS, SOL_DECIMALS),
        nativeBalance: fromBaseUnits(value, SOL_DECIMALS),
      };
    },
    async sendTransfer(from, transfer) {
      const wire = await unsignedTransfer(from, transfer);
      const signed = await sign(from, wire);
      const transaction = getTransactionDecoder().decode(signed);
      try {
        return await rpc().sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send();
      } catch {
        throw new WalletError('transferFailed');
      }
    },
    async transferStatus(txId) {
      const { value } = await rpc()
        .getSignatureStatuses([toSignature(txId)])
        .send();
      const status = value[0];
      if (!status || status.confirmationStatus === 'processed') return null;
      return { ok: status.err === null, block: Number(status.slot) };
    },
  };
}
