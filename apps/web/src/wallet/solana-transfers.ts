import { WalletError, type WalletTransfers } from './types.ts';

const unsupported = async (): Promise<never> => {
  throw new WalletError('solanaRechargeUnsupported');
};

/**
 * Recharge from a Solana wallet inside the app is not offered (SPEC.md point 5: 'Solana chain recharge is not
 * supported yet'); the recharge screen shows the user's Solana deposit address instead, which the deposit
 * watcher credits like any other.
 */
export const SOLANA_TRANSFERS: WalletTransfers = {
  balanceOf: unsupported,
  transferFee: unsupported,
  sendTransfer: unsupported,
  transferStatus: unsupported,
};
