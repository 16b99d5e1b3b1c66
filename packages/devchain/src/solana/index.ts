export { associatedTokenAccount, sendInstructions, signedWireTransaction, splTransferInstructions } from './client.ts';
export { type SolanaDevChain, startSolanaDevChain } from './dev-chain.ts';
