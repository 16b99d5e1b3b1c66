import {
  type Address,
  appendTransactionMessageInstructions,
  type createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';

/**
 * A wallet's side of the dev stand-in, built only on @solana/kit and the program clients, as an outside
 * wallet would: tests use it to send real signed SOL and SPL transfers through the RPC.
 */
type Rpc = ReturnType<typeof createSolanaRpc>;

/** Signs `instructions` with the payer against the latest blockhash; the base64 wire transaction. */
export async function signedWireTransaction(rpc: Rpc, feePayer: KeyPairSigner, instructions: Instruction[]) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(feePayer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}

export async function sendInstructions(
  rpc: Rpc,
  feePayer: KeyPairSigner,
  instructions: Instruction[],
  skipPreflight = false,
) {
  const wire = await signedWireTransaction(rpc, feePayer, instructions);
  return rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight }).send();
}

export async function associatedTokenAccount(owner: Address, mint: Address): Promise<Address> {
  const [account] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return account;
}

/** A 6-decimal SPL transfer of `units`, creating the receiver's token account first when it is missing. */
export async function splTransferInstructions(sender: KeyPairSigner, receiver: Address, mint: Address, units: bigint) {
  const receiverAccount = await associatedTokenAccount(receiver, mint);
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: sender, ata: receiverAccount, owner: receiver, mint }),
    getTransferCheckedInstruction({
      source: await associatedTokenAccount(sender.address, mint),
      mint,
      destination: receiverAccount,
      authority: sender,
      amount: units,
      decimals: 6,
    }),
  ];
}
