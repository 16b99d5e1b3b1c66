import { canonicalUsername, maskAddress, type TChainCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { reserveAttempt } from '../limits/attempts.ts';
import { chargeOf } from '../limits/policies.ts';

/**
 * Who a transfer would go to, asked before the wallet signs: the username as stored and the
 * recipient's sign-in address masked, so the sender can recognise a friend but learns no full address. Unknown
 * names answer 1226 and one's own name 1225, as the transfer itself would. Counted per user and per client, so
 * the lookup cannot be used to list who has an account.
 */
export async function lookupRecipient(
  repos: Repositories,
  input: { senderId: bigint; username: string; ip: string },
): Promise<{ username: string; chainCurrency: TChainCurrency | null; maskedAddress: string | null }> {
  await reserveAttempt(repos, chargeOf('recipientLookup', input.ip, input.senderId.toString()));
  const recipient = await repos.users.byUsername(canonicalUsername(input.username));
  if (!recipient) throw new AppError(1226);
  if (recipient.id === input.senderId) throw new AppError(1225, 'you cannot transfer to yourself');
  return {
    username: recipient.username,
    chainCurrency: (recipient.chainCurrency as TChainCurrency | null) ?? null,
    maskedAddress: recipient.walletAddress ? maskAddress(recipient.walletAddress) : null,
  };
}
