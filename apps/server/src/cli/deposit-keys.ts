/**
 * Run where the deposit seed is kept (never on the API's machine): prints the DEPOSIT_XPUB the API needs.
 *
 *   DEPOSIT_HD_MNEMONIC="…" npm run deposit-keys -- xpub
 *   npm run deposit-keys -- xpub --dev          (the dev seed of DATA_DIR, as npm start uses it)
 */
import { parseArgs } from 'node:util';
import { depositXpubOf, loadDepositMnemonic } from '../chain/deposit-keys.ts';
import { loadConfig } from '../config.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { dev: { type: 'boolean' } } });
if (positionals[0] !== 'xpub') {
  console.error('usage: npm run deposit-keys -- xpub [--dev]');
  process.exit(2);
}
const mnemonic = values.dev
  ? loadDepositMnemonic({ env: 'development', mnemonic: undefined, dataDir: loadConfig().dataDir })
  : process.env.DEPOSIT_HD_MNEMONIC;
if (!mnemonic) {
  console.error('set DEPOSIT_HD_MNEMONIC (or pass --dev for the dev seed of DATA_DIR)');
  process.exit(2);
}
console.log(depositXpubOf(loadDepositMnemonic({ env: 'production', mnemonic, dataDir: ':memory:' })));
