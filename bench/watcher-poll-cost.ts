/**
 * What one caught-up poll of each deposit watcher costs as the deposit addresses grow: 1,000, 10,000 and 100,000
 * addresses on PGlite, the dev chains behind a counting JSON-RPC proxy. Each poll finalizes one new block holding
 * one deposit to one of the addresses (a Solana slot; a BNB Smart Chain block 15 deep) and ticks the watcher
 * until it is caught up again. Prints the RPC calls (and HTTP requests) and the time of a poll (median of 5).
 * Budgets: a Solana poll under 0.2 s at 100,000 addresses, and each chain's calls per poll no more at 10,000 or
 * 100,000 addresses than at 1,000 (the watchers read blocks and the tokens' logs, not addresses); every deposit
 * credited.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEvmDevChain, startSolanaDevChain } from '@aidf/devchain';
import { prepareDatabase, throwawayDatabase } from '@aidf/server';
import { getAddressDecoder } from '@solana/kit';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  parseUnits,
  toHex,
  http as viemHttp,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { BNB_TOKEN, SOL_TOKEN } from '../apps/server/src/chain/chain-services.ts';
import type { DepositSource, WatchedToken } from '../apps/server/src/chain/deposit-source.ts';
import { bscChain } from '../apps/server/src/chain/evm/bsc-client.ts';
import { evmDepositSource } from '../apps/server/src/chain/evm/evm-deposit-source.ts';
import { solanaDepositSource } from '../apps/server/src/chain/solana/solana-deposit-source.ts';
import type { Repositories } from '../apps/server/src/db/repositories/index.ts';
import { pointTokenConfigAt } from '../apps/server/src/dev/dev-chains.ts';
import { depositWatcher } from '../apps/server/src/domain/chain/deposit-watcher.ts';

const SIZES = (process.env.BENCH_WATCHER_ADDRESSES ?? '1000,10000,100000').split(',').map(Number);
const POLLS = 5;
/** Which watchers to measure (both unless told): BENCH_WATCHER_CHAINS=solana. */
const CHAINS = (process.env.BENCH_WATCHER_CHAINS ?? 'solana,bsc').split(',') as ('bsc' | 'solana')[];
export const SOLANA_POLL_BUDGET_SECONDS = Number(process.env.BENCH_SOLANA_POLL_BUDGET ?? 0.2);
const EVM_CONFIRMATIONS = 15;
const SOLANA_FINALIZATION_DEPTH = 31;

export interface PollFigures {
  chain: 'bsc' | 'solana';
  addresses: number;
  /** JSON-RPC calls of one poll (each call of a batch counted), the most of the polls measured. */
  calls: number;
  requests: number;
  seconds: number;
  /** CPU of this process during the poll (median): the watcher, PGlite and, for Solana, the dev chain serving it. */
  cpuSeconds: number;
  credited: number;
}

/** A JSON-RPC proxy on loopback that counts the calls and HTTP requests going through it. */
async function countingProxy(upstream: string) {
  const counts = { calls: 0, requests: 0 };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const parsed = JSON.parse(body) as unknown;
    counts.requests++;
    counts.calls += Array.isArray(parsed) ? parsed.length : 1;
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    reset: () => Object.assign(counts, { calls: 0, requests: 0 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `count` more users with a deposit address each, in two statements (the watcher reads only the table). */
async function addDepositAddresses(
  database: Awaited<ReturnType<typeof throwawayDatabase>>,
  chainCurrency: 'bnb' | 'sol',
  addresses: string[],
) {
  await database.withSession(async (s) => {
    await s.query(
      `WITH made AS (
         INSERT INTO users (username) SELECT $1 || '-' || a.n FROM unnest($2::text[]) WITH ORDINALITY AS a(address, n)
         RETURNING id, username
       )
       INSERT INTO deposit_addresses (user_id, chain_currency, address, derivation_index)
       SELECT made.id, $3, a.address, made.id::integer
       FROM made JOIN unnest($2::text[]) WITH ORDINALITY AS a(address, n) ON made.username = $1 || '-' || a.n`,
      [`poll-${chainCurrency}-${randomBytes(4).toString('hex')}`, addresses, chainCurrency],
    );
    await s.exec('ANALYZE users, deposit_addresses');
  });
}

interface Rig {
  proxy: Awaited<ReturnType<typeof countingProxy>>;
  source: DepositSource;
  /** Pins the chain's tokens in the token config. */
  prepare: (repos: Repositories) => Promise<void>;
  nativeToken: WatchedToken;
  newAddresses: (count: number) => string[];
  /** Sends one deposit to `to` and makes the chain ready to finalize its block with one more block. */
  depositThenAlmostFinalize: (to: string) => Promise<void>;
  /** One more block: the deposit's block becomes final. */
  finalizeOne: () => Promise<void>;
  close: () => Promise<void>;
}

async function solanaRig(): Promise<Rig> {
  const chain = await startSolanaDevChain({ finalizationDepth: SOLANA_FINALIZATION_DEPTH });
  const proxy = await countingProxy(chain.rpcUrl);
  const decoder = getAddressDecoder();
  return {
    proxy,
    source: solanaDepositSource(proxy.url),
    prepare: (repos) => repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6),
    nativeToken: SOL_TOKEN,
    newAddresses: (count) => Array.from({ length: count }, () => decoder.decode(randomBytes(32))),
    async depositThenAlmostFinalize(to) {
      await chain.fund(to, { sol: '0.01' }); // its slot, then one more
      chain.advanceSlots(SOLANA_FINALIZATION_DEPTH - 2);
    },
    finalizeOne: async () => chain.advanceSlots(1),
    close: async () => {
      await proxy.close();
      await chain.close();
    },
  };
}

async function bscRig(): Promise<Rig> {
  const evm = await startEvmDevChain();
  const proxy = await countingProxy(evm.rpcUrl);
  const sender = privateKeyToAccount(generatePrivateKey());
  await evm.fund(sender.address, { bnb: '10', cow: '100000' });
  const wallet = createWalletClient({ account: sender, chain: bscChain(evm.rpcUrl), transport: viemHttp(evm.rpcUrl) });
  // As chain-services.ts makes them: one client for single calls, one that batches the blocks' reads.
  const client = (batch: boolean) =>
    createPublicClient({
      chain: bscChain(proxy.url),
      transport: viemHttp(proxy.url, { batch: batch ? { batchSize: 50, wait: 0 } : false }),
    });
  return {
    proxy,
    prepare: (repos) => pointTokenConfigAt(repos, evm),
    source: evmDepositSource(client(false), EVM_CONFIRMATIONS, { blockClient: client(true) }),
    nativeToken: BNB_TOKEN,
    newAddresses: (count) => Array.from({ length: count }, () => getAddress(toHex(randomBytes(20)))),
    async depositThenAlmostFinalize(to) {
      await wallet.writeContract({
        address: evm.tokens.cow,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as `0x${string}`, parseUnits('1', 18)],
      });
      await evm.mine(EVM_CONFIRMATIONS - 1);
    },
    finalizeOne: () => evm.mine(1),
    close: () => evm.close(),
  };
}

/** One chain's polls at each size, the addresses growing in one database. */
async function pollCosts(chain: 'bsc' | 'solana'): Promise<PollFigures[]> {
  const rig = chain === 'solana' ? await solanaRig() : await bscRig();
  const database = await throwawayDatabase();
  const chainCurrency = chain === 'solana' ? 'sol' : 'bnb';
  try {
    const { repos } = await prepareDatabase(database, { seedDemoData: false });
    await rig.prepare(repos);
    const watcher = depositWatcher({
      repos,
      source: rig.source,
      owner: 'bench',
      nativeToken: rig.nativeToken,
      allowChainReset: true,
    });
    const catchUp = async () => {
      let credited = 0;
      for (;;) {
        const r = await watcher.tick();
        if (r.outcome !== 'scanned') return credited;
        credited += r.credited;
      }
    };
    const figures: PollFigures[] = [];
    const followed: string[] = [];
    for (const size of SIZES) {
      const fresh = rig.newAddresses(size - followed.length);
      await addDepositAddresses(database, chainCurrency, fresh);
      followed.push(...fresh);
      const times: number[] = [];
      const cpu: number[] = [];
      let calls = 0;
      let requests = 0;
      let credited = 0;
      for (let poll = 0; poll < POLLS; poll++) {
        await rig.depositThenAlmostFinalize(followed[(poll * 7919) % followed.length] as string);
        await catchUp();
        await rig.finalizeOne();
        rig.proxy.reset();
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        credited += await catchUp();
        const used = process.cpuUsage(cpuStart);
        times.push(performance.now() - start);
        cpu.push((used.user + used.system) / 1000);
        calls = Math.max(calls, rig.proxy.counts.calls);
        requests = Math.max(requests, rig.proxy.counts.requests);
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      figures.push({
        chain,
        addresses: size,
        calls,
        requests,
        seconds: (times[Math.floor(POLLS / 2)] as number) / 1000,
        cpuSeconds: (cpu[Math.floor(POLLS / 2)] as number) / 1000,
        credited,
      });
    }
    return figures;
  } finally {
    await database.close();
    await database.drop();
    await rig.close();
  }
}

/** Both chains' figures. */
export async function watcherPollCosts(): Promise<PollFigures[]> {
  const figures: PollFigures[] = [];
  for (const chain of CHAINS) figures.push(...(await pollCosts(chain)));
  return figures;
}

export function printPollCosts(figures: PollFigures[]) {
  console.log('\nDeposit watchers: one caught-up poll (one new final block with one deposit) on PGlite');
  for (const f of figures) {
    console.log(
      `  ${f.chain.padEnd(7)} ${f.addresses.toLocaleString('en').padStart(7)} addresses: ${String(f.calls).padStart(4)} RPC calls per poll ` +
        `(${f.requests} HTTP requests)   poll ${f.seconds.toFixed(3)} s (CPU ${f.cpuSeconds.toFixed(3)} s)   ${f.credited}/${POLLS} deposits credited`,
    );
  }
  console.log(
    `  (budget: Solana poll < ${SOLANA_POLL_BUDGET_SECONDS} s at 100,000 addresses, each chain's calls per poll not growing with the addresses)`,
  );
}

/** The figures that missed their budget, each named. */
export function pollCostMisses(figures: PollFigures[]): string[] {
  const misses: string[] = [];
  for (const chain of ['solana', 'bsc'] as const) {
    const name = chain === 'solana' ? 'Solana' : 'BNB Smart Chain';
    const ofChain = figures.filter((f) => f.chain === chain);
    const smallest = ofChain[0];
    for (const f of ofChain) {
      if (f.credited !== POLLS)
        misses.push(`${name} poll at ${f.addresses} addresses: ${f.credited}/${POLLS} deposits credited`);
      if (smallest && f.calls > smallest.calls) {
        misses.push(
          `${name} RPC calls per poll: ${f.calls} at ${f.addresses} addresses > ${smallest.calls} at ${smallest.addresses}`,
        );
      }
    }
  }
  for (const f of figures.filter((f) => f.chain === 'solana')) {
    if (f.addresses >= 100_000 && f.seconds > SOLANA_POLL_BUDGET_SECONDS) {
      misses.push(
        `Solana poll at ${f.addresses} addresses: ${f.seconds.toFixed(3)} s > ${SOLANA_POLL_BUDGET_SECONDS} s`,
      );
    }
  }
  return misses;
}

if (process.argv[1]?.endsWith('watcher-poll-cost.ts')) {
  const figures = await watcherPollCosts();
  printPollCosts(figures);
  const misses = pollCostMisses(figures);
  console.log(misses.length > 0 ? '\nOVER BUDGET' : '\nwithin budget');
  for (const miss of misses) console.log(`  ${miss}`);
  process.exit(misses.length > 0 ? 1 : 0);
}
