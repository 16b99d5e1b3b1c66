import type { TChainCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { acceptSignedAction, type WalletSignatureInput } from '../auth/signed-action.ts';
import { canonicalAddress, recoverEvmSigner } from '../auth/wallet-signature.ts';
import { AppError } from '../errors.ts';

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

/** Binds the signing wallet's address for its currency: once per currency, and to one account only. */
export async function bindAddress(repos: Repositories, userId: bigint, change: AddressChange, headerAddress?: string) {
  const address = await signerAddress(change, headerAddress);
  await repos.transaction(async (tx) => {
    await tx.users.byIdForUpdate(userId);
    await acceptSignedAction(tx, { ...change, action: 'bindAddress', address });
    if (await tx.boundAddresses.ofUserAndCurrency(userId, change.currency)) throw new AppError(81006);
    const owner = await tx.users.byBoundAddress(change.currency, address);
    if (owner) throw new AppError(81004);
    if (!(await tx.boundAddresses.insert({ userId, currency: change.currency, walletAddress: address }))) {
      throw new AppError(81004);
    }
  });
}

/** Unbinds the address of a currency; the bound wallet itself must sign, and the sign-in address stays. */
export async function unbindAddress(
  repos: Repositories,
  userId: bigint,
  change: AddressChange,
  headerAddress?: string,
) {
  const address = await signerAddress(change, headerAddress);
  await repos.transaction(async (tx) => {
    const user = await tx.users.byIdForUpdate(userId);
    const bound = await tx.boundAddresses.ofUserAndCurrency(userId, change.currency);
    if (!user || !bound) throw new AppError(81003);
    if (bound !== address) throw new AppError(81002);
    if (user.chainCurrency === change.currency && user.walletAddress === bound) throw new AppError(81005);
    await acceptSignedAction(tx, { ...change, action: 'unbindAddress', address });
    await tx.boundAddresses.remove(userId, change.currency);
  });
}
