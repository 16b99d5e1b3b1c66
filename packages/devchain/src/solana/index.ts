export { associatedTokenAccount, sendInstructions, signedWireTransaction, splTransferInstructions } from './client.ts';
export { type SolanaDevChain, type SolanaDevChainOptions, startSolanaDevChain } from './dev-chain.ts';
