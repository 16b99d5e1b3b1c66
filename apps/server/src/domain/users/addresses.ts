import type { TChainCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { recordSecurityChange, type SecurityChangeRecord } from '../auth/security-hold.ts';
import { acceptSignedAction, type WalletSignatureInput } from '../auth/signed-action.ts';
import { canonicalAddress, recoverEvmSigner } from '../auth/wallet-signature.ts';
import { AppError } from '../errors.ts';
import { type BindConfirmation, confirmBind } from './bind-confirmation.ts';

type AddressChange = WalletSignatureInput & { currency: TChainCurrency; walletAddress?: string | undefined };

/** The address a signature speaks for: recovered on BNB Smart Chain, stated (and then verified) on Solana. */
async function signerAddress(change: AddressChange, headerAddress: string | undefined): Promise<string> {
  if (change.currency === 'bnb') {
    const signer = await recoverEvmSigner(change.signContent, change.sign);
    if (!signer) throw new AppError(1229, 'the signature does not match the address');
    return signer;
  }
  const stated = canonicalAddress('sol', change.walletAddress ?? headerAddress ?? '');
  if (!stated) throw new AppError(1225, 'walletAddress must be a Solana address');
  return stated;
}

export async function listBoundAddresses(repos: Repositories, userId: bigint) {
  const rows = await repos.boundAddresses.ofUser(userId);
  return { bindAddress: rows.map((r) => ({ currency: r.currency as TChainCurrency, walletAddress: r.walletAddress })) };
}

/** When and how long a security change holds the account's outgoing money. */
export interface ChangeOptions {
  holdHours: number;
  headerAddress?: string | undefined;
  now?: Date;
}

/**
 * Binds the signing wallet's address for its currency: once per currency, to one account only, and only when
 * confirmed by a factor the account already has (bind-confirmation.ts). Starts the security hold.
 */
export async function bindAddress(
  repos: Repositories,
  userId: bigint,
  change: AddressChange & BindConfirmation,
  options: ChangeOptions,
): Promise<SecurityChangeRecord> {
  const now = options.now ?? new Date();
  const address = await signerAddress(change, options.headerAddress);
  const outcome = await repos.transaction(async (tx) => {
    const user = await tx.users.byIdForUpdate(userId);
    if (!user) throw new AppError(401);
    // The confirmation comes first: a wrong code is counted and committed with nothing else.
    const refused = await confirmBind(tx, user, { ...change, now });
    if (refused) return { ok: false, error: refused } as const;
    await acceptSignedAction(tx, { ...change, action: 'bindAddress', address, now });
    if (await tx.boundAddresses.ofUserAndCurrency(userId, change.currency)) throw new AppError(81006);
    // The lock a first sign-in of this address takes: the two never race to one address.
    await tx.boundAddresses.lockAddress(change.currency, address);
    const owner = await tx.users.byBoundAddress(change.currency, address);
    if (owner) throw new AppError(81004);
    if (!(await tx.boundAddresses.insert({ userId, currency: change.currency, walletAddress: address }))) {
      throw new AppError(81004);
    }
    const record = await recordSecurityChange(
      tx,
      { userId, kind: 'bind-address', currency: change.currency, walletAddress: address },
      options.holdHours,
      now,
    );
    return { ok: true, record } as const;
  });
  if (!outcome.ok) throw new AppError(outcome.error);
  return outcome.record;
}

/**
 * Unbinds the address of a currency. The wallet being removed must sign: holding its key is the one proof
 * that the change is wanted, and removing a wallet never gives anyone a new way to spend. The sign-in address
 * stays (81005). Starts the security hold and tells the owner, as a bind does.
 */
export async function unbindAddress(
  repos: Repositories,
  userId: bigint,
  change: AddressChange,
  options: ChangeOptions,
): Promise<SecurityChangeRecord> {
  const now = options.now ?? new Date();
  const address = await signerAddress(change, options.headerAddress);
  return repos.transaction(async (tx) => {
    const user = await tx.users.byIdForUpdate(userId);
    const bound = await tx.boundAddresses.ofUserAndCurrency(userId, change.currency);
    if (!user || !bound) throw new AppError(81003);
    if (bound !== address) throw new AppError(81002);
    if (user.chainCurrency === change.currency && user.walletAddress === bound) throw new AppError(81005);
    await acceptSignedAction(tx, { ...change, action: 'unbindAddress', address, now });
    await tx.boundAddresses.remove(userId, change.currency);
    return recordSecurityChange(
      tx,
      { userId, kind: 'unbind-address', currency: change.currency, walletAddress: address },
      options.holdHours,
      now,
    );
  });
}
