import type { ChainName } from '../../db/repositories/chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { TREASURY_SETTINGS } from '../treasury/treasury-settings.ts';

/**
 * The platform's own addresses on a chain that may send to a deposit address, besides the deposit addresses
 * themselves: the hot wallet (as this process knows it), the cold address and the collection address (settings),
 * and every address the treasury has signed a transaction from (treasury_transactions). The last one names the
 * hot wallet even to a process that was not told it (a workers role without HOT_WALLET_ADDRESS): a gas top-up is
 * recorded there before it is sent, so before it can be mined. The deposit watcher credits no transfer from any
 * of them (deposit-watcher.ts): a top-up is the platform's money moving, not a user's deposit.
 */
export async function platformSenders(repos: Repositories, chain: ChainName, hotWallet: string | null) {
  const settings = await repos.settings.get([
    TREASURY_SETTINGS.coldAddress(chain),
    MACHINE_SETTINGS.collectionAddress(chain),
  ]);
  const signers = await repos.chain.treasurySigners(chain);
  return [hotWallet, ...settings.values(), ...signers].filter((a): a is string => typeof a === 'string' && a !== '');
}
