import { CHAINS, type TChainName } from '@aidf/contract';
import type { TFunction } from '../i18n/index.ts';
import { WalletError } from '../wallet/types.ts';
import { errorMessage } from './error-message.ts';

/**
 * The toast of a failed wallet step or call (SPEC.md point 8). `chain` names the wallet that was missing
 * (BNB Smart Chain unless said otherwise).
 */
export function walletFailureMessage(
  error: unknown,
  t: TFunction,
  exists: (key: string) => boolean,
  chain: TChainName = CHAINS.bsc.name,
): string {
  if (error instanceof WalletError) {
    switch (error.kind) {
      case 'rejected':
        return t('messages.ms6');
      case 'notFound':
        return t(chain === CHAINS.solana.name ? 'messages.noSolanaWallet' : 'messages.noEvmWallet');
      case 'noAccount':
        return t('messages.noAccount');
      case 'networkFail':
        return t('messages.networkFail');
      case 'signFailed':
        return t('messages.ms7');
      case 'connectFailed':
        return t('messages.failedConnect');
      case 'transferFailed':
        return t('recharge.transferFailed');
      case 'solanaRechargeUnsupported':
        return t('recharge.solanaUnsupported');
      case 'boundMismatch':
        return t('messages.ms48');
      case 'notBound':
        return t('wallet.bindFirst', { chain });
    }
  }
  return errorMessage(error, t, exists);
}
