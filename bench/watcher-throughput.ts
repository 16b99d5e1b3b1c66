import { randomBytes } from 'node:crypto';
import { type EvmDevChain, startEvmDevChain, startSolanaDevChain } from '@aidf/devchain';
import { prepareDatabase, throwawayDatabase } from '@aidf/server';
import { getAddressDecoder } from '@solana/kit';
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, parseUnits, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SOL_TOKEN } from '../apps/server/src/chain/chain-services.ts';
import { bscChain } from '../apps/server/src/chain/evm/bsc-client.ts';
import { evmDepositSource } from '../apps/server/src/chain/evm/evm-deposit-source.ts';
import { solanaDepositSource } from '../apps/server/src/chain/solana/solana-deposit-source.ts';
import type { Repositories } from '../apps/server/src/db/repositories/index.ts';
import { pointTokenConfigAt } from '../apps/server/src/dev/dev-chains.ts';
import { depositWatcher } from '../apps/server/src/domain/chain/deposit-watcher.ts';

const EVM_ADDRESSES = Number(process.env.BENCH_EVM_ADDRESSES ?? 10_000);
const EVM_BLOCKS = Number(process.env.BENCH_EVM_BLOCKS ?? 5_000);
const EVM_DEPOSITS = 50;
const SOLANA_ADDRESSES = Number(process.env.BENCH_SOLANA_ADDRESSES ?? 1_000);
const SOLANA_SLOTS = 2_000;
const SOLANA_DEPOSITS = 20;

export interface WatcherFigures {
  chain: string;
  addresses: number;
  blocks: number;
  credited: number;
  seconds: number;
  /** One poll once caught up: what following the addresses costs per poll. */
  pollSeconds: number;
  requests?: number;
}

/** Deposit addresses for users made in one statement (a bench needs many; the watcher needs only the rows). */
async function depositAddresses(repos: Repositories, chainCurrency: 'bnb' | 'sol', addresses: string[]) {
  const ids: bigint[] = [];
  for (let i = 0; i < addresses.length; i += 1000) {
    const batch = addresses.slice(i, i + 1000);
    await repos.transaction(async (tx) => {
      for (const address of batch) {
        const id = await tx.users.insert({ username: `w${chainCurrency}${ids.length}` });
        // The watcher reads only the address; the index a sweep would sign with is the user's, as before the pool.
        await tx.depositAddresses.remember(id, chainCurrency, address, Number(id));
        ids.push(id);
      }
    });
  }
  return ids;
}

async function scan(watcher: ReturnType<typeof depositWatcher>) {
  let credited = 0;
  for (;;) {
    const r = await watcher.tick();
    if (r.outcome !== 'scanned') return credited;
    credited += r.credited;
  }
}

/** The BNB Smart Chain watcher on the Hardhat dev chain: EVM_ADDRESSES followed over EVM_BLOCKS blocks. */
export async function evmWatcherThroughput(): Promise<WatcherFigures> {
  const evm: EvmDevChain = await startEvmDevChain();
  const database = await throwawayDatabase();
  try {
    const { repos } = await prepareDatabase(database, { seedDemoData: false });
    await pointTokenConfigAt(repos, evm);
    const addresses = Array.from({ length: EVM_ADDRESSES }, () => getAddress(toHex(randomBytes(20))));
    await depositAddresses(repos, 'bnb', addresses);

    const sender = privateKeyToAccount(generatePrivateKey());
    await evm.fund(sender.address, { bnb: '10', cow: '100000' });
    const client = createWalletClient({ account: sender, chain: bscChain(evm.rpcUrl), transport: http(evm.rpcUrl) });
    const others = Array.from({ length: EVM_DEPOSITS }, () => getAddress(toHex(randomBytes(20))));
    for (let i = 0; i < EVM_DEPOSITS; i++) {
      // A deposit and a transfer of the same token between strangers, then empty blocks: traffic to filter out.
      for (const to of [addresses[(i * 197) % addresses.length], others[i]] as `0x${string}`[]) {
        await client.writeContract({
          address: evm.tokens.cow,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits('1', 18)],
        });
      }
      await evm.mine(Math.floor(EVM_BLOCKS / EVM_DEPOSITS));
    }
    await evm.mine(15);

    let requests = 0;
    const counting = createPublicClient({
      chain: bscChain(evm.rpcUrl),
      transport: http(evm.rpcUrl, {
        onFetchRequest: async (r) => {
          if ((await r.clone().text()).includes('"eth_getLogs"')) requests++;
        },
      }),
    });
    const source = evmDepositSource(counting, 15);
    const watcher = depositWatcher({ repos, source, owner: 'bench', allowChainReset: true });
    const start = performance.now();
    const credited = await scan(watcher);
    const seconds = (performance.now() - start) / 1000;
    const cursor = await repos.scanCursors.deposit.cursor('bsc');
    await evm.mine(1);
    const pollStart = performance.now();
    await scan(watcher);
    const pollSeconds = (performance.now() - pollStart) / 1000;
    return {
      chain: 'bsc',
      addresses: EVM_ADDRESSES,
      blocks: Number(cursor?.nextBlock ?? 0n),
      credited,
      seconds,
      pollSeconds,
      requests,
    };
  } finally {
    await database.close();
    await database.drop();
    await evm.close();
  }
}

/** The Solana watcher on the litesvm stand-in: SOLANA_ADDRESSES followed (every finalized block read once). */
export async function solanaWatcherThroughput(): Promise<WatcherFigures> {
  const chain = await startSolanaDevChain({ finalizationDepth: 31 });
  const database = await throwawayDatabase();
  try {
    const { repos } = await prepareDatabase(database, { seedDemoData: false });
    await repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6);
    const decoder = getAddressDecoder();
    const addresses = Array.from({ length: SOLANA_ADDRESSES }, () => decoder.decode(randomBytes(32)));
    await depositAddresses(repos, 'sol', addresses);
    for (let i = 0; i < SOLANA_DEPOSITS; i++) {
      const to = addresses[(i * 37) % addresses.length];
      if (!to) continue;
      await chain.fund(to, { sol: '0.01', usdt: '1' }); // SOL and SPL-USDT, the faucet's two transfers
      chain.advanceSlots(Math.floor(SOLANA_SLOTS / SOLANA_DEPOSITS));
    }
    chain.advanceSlots(32);
    const source = solanaDepositSource(chain.rpcUrl);
    const watcher = depositWatcher({ repos, source, owner: 'bench', nativeToken: SOL_TOKEN, allowChainReset: true });
    const start = performance.now();
    const credited = await scan(watcher);
    const seconds = (performance.now() - start) / 1000;
    const cursor = await repos.scanCursors.deposit.cursor('solana');
    chain.advanceSlots(1);
    const pollStart = performance.now();
    await scan(watcher);
    const pollSeconds = (performance.now() - pollStart) / 1000;
    return {
      chain: 'solana',
      addresses: SOLANA_ADDRESSES,
      blocks: Number(cursor?.nextBlock ?? 0n),
      credited,
      seconds,
      pollSeconds,
    };
  } finally {
    await database.close();
    await database.drop();
    await chain.close();
  }
}

/** Both watchers' lines for `npm run bench`. */
export async function watcherThroughput(): Promise<string[]> {
  const lines: string[] = [];
  for (const r of [await evmWatcherThroughput(), await solanaWatcherThroughput()]) {
    lines.push(
      `  ${r.chain.padEnd(7)} ${r.addresses} deposit addresses followed: ${(r.blocks / r.seconds).toFixed(0).padStart(6)} blocks/s ` +
        `(${r.blocks} blocks in ${r.seconds.toFixed(1)} s, ${r.credited} deposits credited` +
        `${r.requests === undefined ? '' : `, ${r.requests} eth_getLogs`}); one poll when caught up: ${r.pollSeconds.toFixed(2)} s`,
    );
  }
  return lines;
}

if (process.argv[1]?.endsWith('watcher-throughput.ts')) {
  console.log('Deposit watchers on the dev chains and PGlite');
  for (const line of await watcherThroughput()) console.log(line);
}
