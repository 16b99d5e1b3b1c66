import { buildSignContent, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BOUND_ADDRESSES_KEY } from '../../lib/account-queries.ts';
import { useApi } from '../../lib/use-api.ts';
import { useWalletAction, type WalletSteps } from '../../lib/use-wallet-action.ts';

/**
 * How a bind is confirmed: the wallet already bound (on the other chain) signs the same
 * text, or, on an account with no wallet, a code mailed to the account's e-mail.
 */
export type BindConfirmation =
  | { by: 'wallet'; chain: TChainName }
  | { by: 'email'; verifyCodeId: string; verifyCode: string };

async function confirmationFields(confirmation: BindConfirmation | undefined, signContent: string, steps: WalletSteps) {
  if (!confirmation) return {};
  if (confirmation.by === 'email') {
    return { verifyCodeId: confirmation.verifyCodeId, verifyCode: confirmation.verifyCode };
  }
  // A failure of the confirming wallet names that wallet's chain (connect() says so to the hook).
  const other = await steps.connect(confirmation.chain);
  return { authSign: await steps.sign(signContent, other), authSignContent: signContent };
}

/** Bind or unbind the address of a chain with a fresh 'bindAddress-' / 'unbindAddress-' signature. */
export function useAddressChange() {
  const { t } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const wallet = useWalletAction();

  async function change(kind: 'bind' | 'unbind', chain: TChainName, confirmation?: BindConfirmation) {
    const done = await wallet.run(
      async (steps) => {
        const { address } = await steps.connect();
        const timestamp = Date.now();
        const signContent = buildSignContent(kind === 'bind' ? 'bindAddress' : 'unbindAddress', timestamp);
        const sign = await steps.sign(signContent);
        const confirm = kind === 'bind' ? await confirmationFields(confirmation, signContent, steps) : {};
        const currency = chain === CHAINS.bsc.name ? CHAINS.bsc.currency : CHAINS.solana.currency;
        const body = { currency, sign, signContent, timestamp, walletAddress: address, ...confirm };
        await call(kind === 'bind' ? 'bindAddress' : 'unBindAddress', { body });
        return true;
      },
      { chain, success: () => t(kind === 'bind' ? 'messages.ms14' : 'messages.ms15') },
    );
    if (!done) return false;
    // The change starts a hold on transfers and withdrawals, which the user info answer carries.
    await queryClient.invalidateQueries({ queryKey: BOUND_ADDRESSES_KEY });
    await queryClient.invalidateQueries({ queryKey: ['session-user'] });
    return true;
  }
  return { change, pending: wallet.busy };
}
