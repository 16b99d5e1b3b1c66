import type { TChainCurrency, TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { joinTeam } from '../team/join-team.ts';
import { inviterByCode } from '../users/inviter.ts';
import { toUserInfo } from '../users/user-info.ts';
import { insertWithNewUsername, usernameSeedOfAddress } from '../users/username.ts';
import { createSession, type SessionClient } from './sessions.ts';
import { acceptSignedAction, type WalletSignatureInput } from './signed-action.ts';
import { canonicalAddress } from './wallet-signature.ts';

export interface AddressLoginInput extends WalletSignatureInput {
  currency: TChainCurrency;
  walletAddress: string;
  inviteCode?: string | null | undefined;
  /** Where the sign-in comes from (sessions.ts). */
  client?: SessionClient;
}

/**
 * Wallet sign-in with a 'Login-{ms}' signature. A first sign-in creates the account, bound to this address
 * and chain, with the inviter of `inviteCode` when one is given.
 */
export async function addressLogin(repos: Repositories, input: AddressLoginInput) {
  const address = canonicalAddress(input.currency, input.walletAddress);
  if (!address) throw new AppError(1225, `walletAddress is not a ${input.currency} address`);
  return repos.transaction(async (tx): Promise<{ user: TUserInfo; token: string }> => {
    await acceptSignedAction(tx, { ...input, action: 'login', address });
    // One first sign-in of an address at a time: two at once would both find no user and create two.
    await tx.boundAddresses.lockAddress(input.currency, address);
    let user = await tx.users.byBoundAddress(input.currency, address);
    if (!user) {
      // A new leaf cannot close a cycle: the tree's lock in shared mode only keeps a bind from moving the line.
      if (input.inviteCode) await tx.team.lockTreeShared();
      const inviter = input.inviteCode ? await inviterByCode(tx, input.inviteCode) : null;
      const id = await insertWithNewUsername(tx, usernameSeedOfAddress(input.currency, address), {
        walletAddress: address,
        chainCurrency: input.currency,
        inviterId: inviter?.id ?? null,
      });
      if (inviter) await joinTeam(tx, id, inviter.id);
      // Taken meanwhile by a bind to another account: refuse rather than leave a user without its address.
      if (!(await tx.boundAddresses.insert({ userId: id, currency: input.currency, walletAddress: address }))) {
        throw new AppError(81004);
      }
      user = await tx.users.byId(id);
    }
    if (!user) throw new Error('user vanished inside its own transaction');
    return {
      user: await toUserInfo(tx, user),
      token: await createSession(tx, user.id, undefined, input.client && { ...input.client, wallet: address }),
    };
  });
}
