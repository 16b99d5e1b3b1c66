import type { TChainName, TUserInfo } from '@aidf/contract';
import type { QueryClient } from '@tanstack/react-query';
import { showToast } from '../../components/toast.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { forgetInvite } from '../../lib/invite.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { saveLogin } from '../../lib/session.ts';

/** Keeps a sign-in (SPEC.md point 3 storage), says so (coin_T) and refreshes what depends on the user. */
export function completeLogin(
  result: { data: TUserInfo; token: string | null },
  wallet: { address: string; chain: TChainName } | null,
  deps: { t: TFunction; queryClient: QueryClient; toastKey?: 'messages.coin_T' | 'messages.coin_L' },
) {
  if (!result.token) throw new Error('sign-in answer without an authorization header');
  saveLogin({
    token: result.token,
    userInfo: result.data,
    ...(wallet ? { walletAddress: wallet.address, chain: wallet.chain } : {}),
  });
  // An account with an inviter has used (or cannot use) the invitation kept for it; one without keeps it.
  if (result.data.inviteAddress) forgetInvite();
  openLoginDialog(null);
  showToast(deps.t(deps.toastKey ?? 'messages.coin_T'), 'success');
  void deps.queryClient.invalidateQueries();
}
