import type { Hex } from 'viem';
import { type LocalAccount, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';

/**
 * The platform's hot wallet on BNB Smart Chain, which sends payouts (ARCHITECTURE.md "Chains"): from
 * HOT_WALLET_PRIVATE_KEY, required in production. Beside the dev chains and in the tests (`devKey`,
 * config-mode.ts) it is derived from the dev deposit phrase (kept in DATA_DIR) on account 1,
 * m/44'/60'/1'/0/0, a path no deposit address uses (they are on account 0).
 */
export function loadHotWallet(options: {
  /** Whether the dev-derived key may stand in: only where the dev tools run. */
  devKey: boolean;
  privateKey: string | undefined;
  devMnemonic: string;
}): LocalAccount {
  if (options.privateKey) return privateKeyToAccount(options.privateKey as Hex);
  if (!options.devKey)
    throw new Error('HOT_WALLET_PRIVATE_KEY is required: a dev-derived key runs only beside the dev chains');
  return mnemonicToAccount(options.devMnemonic, { accountIndex: 1, addressIndex: 0 });
}
