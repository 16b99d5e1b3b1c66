import { Money, toBaseUnits } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { createWalletClient, erc20Abi, http, parseAbiItem, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import type { SweepChain } from '../src/chain/evm/evm-sweep-chain.ts';
import { rowsOf } from '../src/db/raw.ts';
import type { SweepRow } from '../src/db/repositories/sweeps.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postMovement, postPrepared, prepareMovement } from '../src/domain/ledger/post-movement.ts';
import { type BscSweeperOptions, bscSweeper } from '../src/domain/treasury/bsc-sweeper.ts';
import type { ChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import type { Account } from './users.ts';

/** BSC confirmations in these tests (RULES.md: 15). */
export const DEPTH = 15;
export type BscCurrency = 'cow' | 'usdt' | 'bnb';

/** The sweeper's chain of a test server (it runs every role, so it has the keys). */
export function sweepChainOf(server: ChainTestServer): SweepChain {
  const chain = server.app.chains.bsc?.sweeps;
  if (!chain) throw new Error('BSC sweeper chain not configured');
  return chain;
}

/** A sweeper on the test server, planning every tick, its lease short so a "restarted" owner takes over at once. */
export function sweeperOf(server: ChainTestServer, extra: Partial<BscSweeperOptions> = {}) {
  return bscSweeper({
    repos: server.repos,
    chain: sweepChainOf(server),
    owner: 'sweeper-1',
    confirmations: DEPTH,
    bumpAfterBlocks: 20,
    maxGasPrice: 100_000_000_000n,
    planEveryMs: 0,
    leaseMs: 1,
    ...extra,
  });
}

const tokenOf = (server: ChainTestServer, currency: BscCurrency) =>
  currency === 'bnb' ? null : server.evm.tokens[currency];

export const balanceOn = (server: ChainTestServer, address: string, currency: BscCurrency) =>
  sweepChainOf(server).balanceOf(address as `0x${string}`, tokenOf(server, currency));

/** The user's BSC deposit address, as the app hands it out. */
export async function depositAddressOf(server: ChainTestServer, user: Account): Promise<`0x${string}`> {
  const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, {
    method: 'GET',
    token: user.token,
  });
  return res.json.data.address;
}

/** An outside wallet that sends tokens and BNB, as a user's own wallet would. */
export async function outsideWallet(server: ChainTestServer) {
  const account = privateKeyToAccount(generatePrivateKey());
  await server.evm.fund(account.address, { bnb: '100', cow: '100000', usdt: '100000' });
  const client = createWalletClient({
    account,
    chain: bscChain(server.evm.rpcUrl),
    transport: http(server.evm.rpcUrl),
  });
  const sweep = sweepChainOf(server);
  return {
    address: account.address,
    async send(to: `0x${string}`, currency: BscCurrency, amount: string) {
      const token = tokenOf(server, currency);
      const hash = token
        ? await client.writeContract({
            address: token,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, toBaseUnits(amount, 18)],
          })
        : await client.sendTransaction({ to, value: parseEther(amount) });
      for (let i = 0; i < 200; i++) {
        const receipt = await sweep.receipt(hash);
        if (receipt) return { hash, blockNumber: receipt.blockNumber };
      }
      throw new Error(`no receipt for ${hash}`);
    },
  };
}

/**
 * Credits a BNB deposit the way the deposit watcher credits one (a chain-recharge movement and its chain_deposits
 * row, in one transaction): native BNB deposits are watched by another piece of work; until it lands, the tests seed
 * the credit of a real BNB transfer through the same ledger path.
 */
export async function creditBnbDeposit(
  server: ChainTestServer,
  userId: bigint,
  to: `0x${string}`,
  sent: { hash: `0x${string}`; blockNumber: bigint },
  amount: string,
) {
  const { repos } = server;
  const movement = await prepareMovement(repos, {
    type: 'chain-recharge',
    idemKey: `deposit:bsc:test:${sent.hash}:native`,
    ref: sent.hash,
    lines: [
      { account: platformAccount(PLATFORM.chain('bsc'), 'bnb'), amount: new Money(amount).neg() },
      { account: userAccount(userId, 'bnb'), amount: new Money(amount) },
    ],
  });
  await repos.transaction(async (tx) => {
    const posted = await postPrepared(tx, movement);
    await tx.chain.insertDeposit({
      chain: 'bsc',
      genesisHash: 'test',
      txHash: sent.hash,
      eventIndex: 'native',
      blockNumber: sent.blockNumber,
      blockHash: null,
      userId,
      currency: 'bnb',
      tokenContract: null,
      fromAddress: null,
      toAddress: to,
      amount,
      movementId: posted.movementId,
    });
  });
}

/** Puts the platform's own BNB on the hot wallet (its gas money) and books it as treasury-funding. */
export async function fundHotWallet(server: ChainTestServer, bnb: string) {
  const hot = sweepChainOf(server).hotWallet;
  await server.evm.fund(hot, { bnb });
  await postMovement(server.repos, {
    type: 'treasury-funding',
    idemKey: `treasury-funding:test:${hot}:${Date.now()}:${Math.random()}`,
    ref: hot,
    lines: [
      { account: platformAccount(PLATFORM.chain('bsc'), 'bnb'), amount: new Money(bnb).neg() },
      { account: platformAccount(PLATFORM.treasuryCapital, 'bnb'), amount: new Money(bnb) },
    ],
  });
}

/** Runs the deposit watcher until it has credited everything confirmed. */
export async function creditConfirmedDeposits(server: ChainTestServer) {
  await server.evm.mine(DEPTH);
  const source = server.app.chains.bsc?.deposits;
  if (!source) throw new Error('no deposit source');
  const watcher = depositWatcher({ repos: server.repos, source, owner: 'watcher', allowChainReset: true, leaseMs: 1 });
  for (let i = 0; i < 100; i++) {
    const result = await watcher.tick();
    if (result.outcome !== 'scanned') return;
  }
  throw new Error('the deposit watcher never caught up');
}

/** Ticks the sweeper and mines the depth until no sweep is open; fails after `rounds`. */
export async function sweepUntilQuiet(server: ChainTestServer, sweeper = sweeperOf(server), rounds = 12) {
  for (let i = 0; i < rounds; i++) {
    const result = await sweeper.tick();
    if (result.outcome !== 'worked') throw new Error(`the sweeper did not work: ${result.outcome}`);
    const open = await server.repos.sweeps.withStatus('bsc', ['planned', 'gas-funding', 'sweeping', 'failed']);
    if (open.length === 0 && result.planned === 0 && result.toCold === 0 && result.signed === 0) return;
    await server.evm.mine(DEPTH);
  }
  throw new Error('sweeps still open');
}

/** −balance of the chain-bsc clearing account in the currency, in base units (what the chain should hold). */
export async function shouldHold(server: ChainTestServer, currency: BscCurrency): Promise<bigint> {
  const result = await server.database.db.execute(sql`
    SELECT coalesce(sum(balance), 0)::text AS balance FROM accounts
    WHERE kind = 'platform' AND platform_code = ${PLATFORM.chain('bsc')} AND currency = ${currency}`);
  const [row] = rowsOf<{ balance: string }>(result);
  return -toBaseUnits(row?.balance ?? '0', 18);
}

/**
 * The accounting invariant of the treasury: what the chain holds (hot wallet + cold address + every deposit address,
 * read on chain) equals what the clearing account chain-bsc says, per currency, to the base unit.
 */
export async function expectChainMatchesLedger(server: ChainTestServer, cold: string | null, currency: BscCurrency) {
  const addresses = (await server.repos.depositAddresses.addressesOf('bnb')) as string[];
  const holders = [sweepChainOf(server).hotWallet, ...(cold ? [cold] : []), ...addresses];
  let held = 0n;
  for (const address of holders) held += await balanceOn(server, address, currency);
  expect({ currency, held }).toEqual({ currency, held: await shouldHold(server, currency) });
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Every sweep of BNB Smart Chain from `address`, in any state. */
export async function sweepsFrom(server: ChainTestServer, address: string): Promise<SweepRow[]> {
  const all = await server.repos.sweeps.withStatus(
    'bsc',
    ['planned', 'gas-funding', 'sweeping', 'swept', 'skipped', 'failed', 'held'],
    10_000,
  );
  return all.filter((s) => s.fromAddress === address);
}

/** Token transfers out of `from` on chain, read from the logs. */
export async function transfersFrom(server: ChainTestServer, token: `0x${string}`, from: `0x${string}`) {
  const client = server.app.chains.bsc?.client;
  return (await client?.getLogs({ address: token, event: TRANSFER, args: { from }, fromBlock: 0n })) ?? [];
}

/** Every nonce row of the sweeper's senders equals the chain's count: nothing skipped, nothing stuck. */
export async function expectNoncesInStep(server: ChainTestServer) {
  const result = await server.database.db.execute(
    sql`SELECT address, next_nonce::text AS next_nonce FROM hot_wallet_nonces`,
  );
  for (const r of rowsOf<{ address: string; next_nonce: string }>(result)) {
    const onChain = await sweepChainOf(server).pendingNonce(r.address as `0x${string}`);
    expect({ address: r.address, next: BigInt(r.next_nonce) }).toEqual({ address: r.address, next: onChain });
  }
}

/** The COW of `address` swept exactly once: one sweep, one transfer out on chain, its top-up and transfer confirmed. */
export async function expectCowSweptOnce(server: ChainTestServer, address: `0x${string}`) {
  const sweeps = (await sweepsFrom(server, address)).filter((s) => s.currency === 'cow');
  expect(sweeps.map((s) => s.status)).toEqual(['swept']);
  expect(await transfersFrom(server, server.evm.tokens.cow, address)).toHaveLength(1);
  const txs = await server.repos.sweeps.transactionsOf(sweeps[0]?.id ?? 0n);
  expect(txs.map((t) => [t.purpose, t.status])).toEqual([
    ['gas-topup', 'confirmed'],
    ['sweep', 'confirmed'],
  ]);
}
