import { startEvmDevChain } from '@aidf/devchain';
import { prepareDatabase, throwawayDatabase } from '@aidf/server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainServices } from '../apps/server/src/chain/chain-services.ts';
import { depositAddressDeriver } from '../apps/server/src/chain/deposit-keys.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { pointTokenConfigAt } from '../apps/server/src/dev/dev-chains.ts';
import { depositWatcher } from '../apps/server/src/domain/chain/deposit-watcher.ts';
import { bscSweeper } from '../apps/server/src/domain/treasury/bsc-sweeper.ts';

const ADDRESSES = Number(process.env.BENCH_SWEEPS ?? 1000);
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const DEPTH = 15;

/**
 * The treasury's sweeper on the Hardhat dev chain and PGlite: ADDRESSES deposit addresses each credited 3 COW (no BNB, so
 * every sweep needs a gas top-up), then swept into the hot wallet. Sweeps per minute are timed from the first tick to
 * the last sweep confirmed, the dev chain's mining of the confirmation depth included; gas per sweep is what was
 * booked (top-up + transfer).
 */
export async function sweepThroughput() {
  const evm = await startEvmDevChain();
  const database = await throwawayDatabase();
  try {
    const { repos } = await prepareDatabase(database, { seedDemoData: false });
    await pointTokenConfigAt(repos, evm);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', BSC_RPC_URL: evm.rpcUrl });
    const chains = chainServices(config, DEV_MNEMONIC);
    if (!chains.bsc?.sweeps) throw new Error('no BSC, or no keys to sweep with');
    const sweepChain = chains.bsc.sweeps;
    const derive = depositAddressDeriver(DEV_MNEMONIC);
    for (let i = 0; i < ADDRESSES; i++) {
      const id = await repos.users.insert({
        username: `sweep${i}`,
        walletAddress: privateKeyToAccount(generatePrivateKey()).address,
        chainCurrency: 'bnb',
      });
      const address = derive('bnb', id);
      if (!address) throw new Error('the dev seed derives EVM deposit addresses');
      await repos.depositAddresses.remember(id, 'bnb', address, Number(id));
      await evm.fund(address as `0x${string}`, { cow: '3' });
    }
    await evm.fund(sweepChain.hotWallet, { bnb: '1000' });
    await evm.mine(DEPTH);
    const watcher = depositWatcher({ repos, source: chains.bsc.deposits, owner: 'bench', allowChainReset: true });
    while ((await watcher.tick()).outcome === 'scanned') {}

    const sweeper = bscSweeper({
      repos,
      chain: sweepChain,
      owner: 'bench',
      confirmations: DEPTH,
      bumpAfterBlocks: 1000,
      maxGasPrice: 100_000_000_000n,
      planEveryMs: 0,
    });
    const started = performance.now();
    let swept = 0;
    for (let round = 0; round < 20 && swept < ADDRESSES; round++) {
      const r = await sweeper.tick();
      if (r.outcome !== 'worked') throw new Error(r.outcome);
      swept += r.swept;
      await evm.mine(DEPTH);
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = await repos.sweeps.withStatus('bsc', ['swept'], ADDRESSES + 10);
    const gas = rows.reduce((sum, s) => sum + BigInt(s.feePaid ?? '0'), 0n);
    return {
      addresses: ADDRESSES,
      swept: rows.length,
      seconds,
      sweepsPerMinute: (rows.length / seconds) * 60,
      bnbPerSweep: Number(gas / BigInt(Math.max(rows.length, 1))) / 1e18,
    };
  } finally {
    await database.close();
    await database.drop();
    await evm.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await sweepThroughput());
