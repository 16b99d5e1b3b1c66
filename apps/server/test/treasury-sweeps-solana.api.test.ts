import { Money, toBaseUnits } from '@aidf/contract';
import {
  associatedTokenAccount,
  type SolanaDevChain,
  sendInstructions,
  splTransferInstructions,
  startSolanaDevChain,
} from '@aidf/devchain';
import { type Address, createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletsOf, SOL_TOKEN, settingChainsOf } from '../src/chain/chain-services.ts';
import type { SolanaSweepChain } from '../src/chain/solana/solana-sweep-chain.ts';
import { rowsOf } from '../src/db/raw.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { PLATFORM, platformAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postMovement } from '../src/domain/ledger/post-movement.ts';
import { checkMoneySetting } from '../src/domain/operator/money-setting-checks.ts';
import { SweepCrash, solanaSweeper } from '../src/domain/treasury/solana-sweeper.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';

const FINALIZED_DEPTH = 31;
const LAMPORTS = 1_000_000_000n;
const USDT = 1_000_000n;

/**
 * The Solana sweeper against the litesvm stand-in, with real keys, real signed transactions and the real
 * ledger: deposits are credited by the watcher, swept by the sweeper with the hot wallet paying the fees, and
 * after every step what the chain holds (hot + cold + deposit addresses) equals minus the chain-solana clearing
 * account, per currency, to the base unit.
 */
describe('Solana sweeps (litesvm stand-in)', () => {
  let chain: SolanaDevChain;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  /** Methods the proxy answers with a provider's 429 while set. */
  const refused = new Set<string>();
  let server: TestServer;
  let sender: KeyPairSigner;
  let hotWallet: string;
  let sweeps: SolanaSweepChain;
  const users: { account: Account; address: string }[] = [];
  const alerts: Record<string, unknown>[] = [];
  const log = {
    info: () => {},
    warn: () => {},
    error: (fields: Record<string, unknown>) => void alerts.push(fields),
  };
  let cold: string;

  const rpc = () => createSolanaRpc(chain.rpcUrl);
  const sweeper = (owner = 'treasury-a', extra: Partial<Parameters<typeof solanaSweeper>[0]> = {}) =>
    solanaSweeper({ repos: server.repos, chain: sweeps, owner, log, leaseMs: 1, ...extra });

  async function scanDeposits() {
    const watcher = depositWatcher({
      repos: server.repos,
      source: server.app.chains.solana?.deposits ?? (null as never),
      owner: 'watcher',
      nativeToken: SOL_TOKEN,
      allowChainReset: true,
      leaseMs: 1,
    });
    for (let i = 0; i < 100; i++) {
      const result = await watcher.tick();
      if (result.outcome === 'caught-up') return;
      if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
    }
    throw new Error('the watcher never caught up');
  }

  async function deposit(address: string, amounts: { sol?: bigint; usdt?: bigint }) {
    if (amounts.sol)
      await sendInstructions(rpc(), sender, [
        getTransferSolInstruction({ source: sender, destination: address as Address, amount: amounts.sol }),
      ]);
    if (amounts.usdt)
      await sendInstructions(
        rpc(),
        sender,
        await splTransferInstructions(sender, address as Address, chain.usdtMint as Address, amounts.usdt),
      );
  }

  const finalize = () => chain.advanceSlots(FINALIZED_DEPTH + 1);

  async function solAt(owner: string) {
    return BigInt(
      (
        await rpc()
          .getBalance(owner as Address, { commitment: 'finalized' })
          .send()
      ).value,
    );
  }
  async function usdtAt(owner: string) {
    const account = await associatedTokenAccount(owner as Address, chain.usdtMint as Address);
    const info = await rpc().getAccountInfo(account, { encoding: 'base64', commitment: 'finalized' }).send();
    if (!info.value) return 0n;
    return BigInt((await rpc().getTokenAccountBalance(account, { commitment: 'finalized' }).send()).value.amount);
  }

  /** minus the chain-solana clearing account, in base units. */
  async function clearing(currency: 'sol' | 'usdt') {
    const [row] = rowsOf<{ balance: string }>(
      await server.database.db.execute(
        sql`SELECT balance::text AS balance FROM accounts WHERE platform_code = ${PLATFORM.chain('solana')} AND currency = ${currency}`,
      ),
    );
    return -toBaseUnits(row?.balance ?? '0', currency === 'sol' ? 9 : 6);
  }

  /** The accounting invariant, per currency: hot + cold + every deposit address == −clearing. */
  async function expectChainMatchesLedger() {
    for (const currency of ['sol', 'usdt'] as const) {
      const at = currency === 'sol' ? solAt : usdtAt;
      let held = (await at(hotWallet)) + (await at(cold));
      for (const user of users) held += await at(user.address);
      expect({ currency, held }).toEqual({ currency, held: await clearing(currency) });
    }
  }

  async function sweepRows() {
    return rowsOf<{ id: string; from_address: string; currency: string; kind: string; status: string; amount: string }>(
      await server.database.db.execute(
        sql`SELECT id::text, from_address, currency, kind, status, amount::text FROM sweeps ORDER BY id`,
      ),
    );
  }

  async function txRows(sweepId?: string) {
    return rowsOf<{ sweep_id: string; status: string; fee_paid: string | null; fee_movement_id: string | null }>(
      await server.database.db.execute(
        sweepId
          ? sql`SELECT sweep_id::text, status, fee_paid::text, fee_movement_id::text FROM treasury_transactions WHERE sweep_id = ${sweepId} ORDER BY id`
          : sql`SELECT sweep_id::text, status, fee_paid::text, fee_movement_id::text FROM treasury_transactions ORDER BY id`,
      ),
    );
  }

  /** Ticks (finalizing between ticks) until no sweep is open; answers the number of ticks. */
  async function sweepUntilSettled(run = sweeper()) {
    for (let i = 0; i < 10; i++) {
      await run.tick();
      const open = (await sweepRows()).filter((s) => !['swept', 'skipped'].includes(s.status));
      if (open.length === 0) return i + 1;
      finalize();
    }
    throw new Error(`sweeps still open: ${JSON.stringify((await sweepRows()).filter((s) => s.status !== 'swept'))}`);
  }

  async function newDepositor() {
    const account = await signUp(server, solanaWallet());
    const answer = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${account.mid}/A`, {
      method: 'GET',
      token: account.token,
    });
    const user = { account, address: answer.json.data.address as string };
    users.push(user);
    return user;
  }

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    proxy = await startRpcProxy(chain.rpcUrl, (method) =>
      refused.has(method) ? { code: 429, message: 'Too many requests' } : null,
    );
    server = await startTestServer({ env: { SOLANA_RPC_URL: proxy.url } });
    await server.repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6);
    const solana = server.app.chains.solana;
    if (!solana?.sweeps || !solana.hotWalletAddress) throw new Error('the treasury has no Solana sweeper');
    sweeps = solana.sweeps;
    hotWallet = solana.hotWalletAddress;
    cold = (await generateKeyPairSigner()).address;
    sender = await generateKeyPairSigner();
    await chain.fund(sender.address, { sol: '100', usdt: '1000' });
    // The hot wallet's gas money: the platform's own capital put on the chain, booked as treasury-funding.
    await chain.fund(hotWallet, { sol: '1' });
    await postMovement(server.repos, {
      type: 'treasury-funding',
      idemKey: 'test:solana-hot-wallet-funding',
      ref: 'test',
      lines: [
        { account: platformAccount(PLATFORM.chain('solana'), 'sol'), amount: new Money('-1') },
        { account: platformAccount(PLATFORM.treasuryCapital, 'sol'), amount: new Money('1') },
      ],
    });
    await server.repos.settings.set(TREASURY_SETTINGS.minSweep('sol'), '0.01', 'test');
    await server.repos.settings.set(TREASURY_SETTINGS.minSweep('usdt'), '1', 'test');
    finalize();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await chain?.close();
  });

  it('knows the Solana hot wallet in every role that asks, and never hands it out as a deposit address', async () => {
    expect(hotWallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(hotWalletsOf(server.app.chains).solana).toBe(hotWallet);
    const user = await newDepositor();
    expect(user.address).not.toBe(hotWallet);
    // The cold-address check (the operator's set-setting runs it with settingChainsOf) refuses the hot wallet.
    await expect(
      checkMoneySetting(server.repos, settingChainsOf(server.app.chains), 'treasury.coldAddress.solana', hotWallet),
    ).rejects.toMatchObject({ code: 81018 });
  });

  it('sweeps each credited amount above its threshold once, with the hot wallet paying, and skips the rest', async () => {
    const [first] = users as [{ account: Account; address: string }];
    const second = await newDepositor();
    const small = await newDepositor();
    await deposit(first.address, { sol: 1_500_000_000n, usdt: 10n * USDT });
    await deposit(second.address, { sol: 500_000_000n, usdt: 25n * USDT });
    await deposit(small.address, { sol: 1_000_000n, usdt: 500_000n }); // 0.001 SOL and 0.5 USDT: below minSweep
    finalize();
    await scanDeposits();
    expect(await balanceOf(server, first.account, 'sol')).toBe('1.5');
    await expectChainMatchesLedger();
    const hotBefore = { sol: await solAt(hotWallet), usdt: await usdtAt(hotWallet) };

    const firstTick = await sweeper().tick();
    expect(firstTick).toMatchObject({ outcome: 'worked', planned: 4, skipped: 2, signed: 4, sent: 4 });
    // Signed and sent, not yet finalized: the chain at 'finalized' and the ledger still agree.
    await expectChainMatchesLedger();
    finalize();
    expect(await sweeper().tick()).toMatchObject({ swept: 4, planned: 0, signed: 0 });
    await expectChainMatchesLedger();

    const rows = await sweepRows();
    const of = (address: string, currency: string) =>
      rows.filter((r) => r.from_address === address && r.currency === currency);
    expect(of(first.address, 'sol').map((r) => [r.status, r.amount])).toEqual([['swept', '1500000000']]);
    expect(of(first.address, 'usdt').map((r) => [r.status, r.amount])).toEqual([['swept', '10000000']]);
    expect(of(second.address, 'usdt').map((r) => [r.status, r.amount])).toEqual([['swept', '25000000']]);
    expect(of(small.address, 'sol').map((r) => r.status)).toEqual(['skipped']);
    expect(of(small.address, 'usdt').map((r) => r.status)).toEqual(['skipped']);
    // The deposit addresses are empty (SOL swept whole: the system account is gone), the small one untouched.
    expect(await solAt(first.address)).toBe(0n);
    expect(await usdtAt(first.address)).toBe(0n);
    expect(await solAt(small.address)).toBe(1_000_000n);
    // The hot wallet got exactly the amounts; what it paid (fees, its token account's rent) is booked per transaction.
    const txs = await txRows();
    expect(txs).toHaveLength(4);
    const paid = txs.reduce((sum, t) => sum + BigInt(t.fee_paid ?? '0'), 0n);
    for (const t of txs) expect(t).toMatchObject({ status: 'confirmed', fee_movement_id: expect.any(String) });
    expect(await usdtAt(hotWallet)).toBe(hotBefore.usdt + 35n * USDT);
    expect(await solAt(hotWallet)).toBe(hotBefore.sol + 2n * LAMPORTS - paid);
    // Users' balances are untouched by a sweep.
    expect(await balanceOf(server, first.account, 'sol')).toBe('1.5');
    expect(await balanceOf(server, first.account, 'usdt')).toBe('10');

    // Once: further ticks plan nothing and write no second skip for the same amounts.
    expect(await sweeper().tick()).toMatchObject({ planned: 0, skipped: 0, signed: 0 });
    expect(await sweepRows()).toHaveLength(rows.length);
    await expectChainMatchesLedger();
  });

  it('keeps the hot wallet at its hotMax and sends the excess to the cold address', async () => {
    await server.repos.settings.set(TREASURY_SETTINGS.coldAddress('solana'), cold, 'test');
    await server.repos.settings.set(TREASURY_SETTINGS.hotMax('solana', 'usdt'), '20', 'test');
    await server.repos.settings.set(TREASURY_SETTINGS.hotMax('solana', 'sol'), '2', 'test');
    const hotSol = await solAt(hotWallet);
    const hotUsdt = await usdtAt(hotWallet);
    expect(hotSol).toBeGreaterThan(2n * LAMPORTS);

    await sweepUntilSettled();
    await expectChainMatchesLedger();
    const toCold = (await sweepRows()).filter((r) => r.kind === 'to-cold');
    expect(toCold.map((r) => [r.currency, r.status, r.amount]).sort()).toEqual(
      [
        ['sol', 'swept', (hotSol - 2n * LAMPORTS).toString()],
        ['usdt', 'swept', (hotUsdt - 20n * USDT).toString()],
      ].sort(),
    );
    expect(await usdtAt(hotWallet)).toBe(20n * USDT);
    expect(await usdtAt(cold)).toBe(hotUsdt - 20n * USDT);
    expect(await solAt(cold)).toBe(hotSol - 2n * LAMPORTS);
    // The hot wallet paid the fees (and the cold token account's rent) out of its 2 SOL.
    expect(await solAt(hotWallet)).toBeLessThan(2n * LAMPORTS);
    expect(await sweeper().tick()).toMatchObject({ planned: 0 });
  });

  for (const crashPoint of ['afterSigned', 'afterSent'] as const) {
    it(`sweeps exactly once after a crash ${crashPoint === 'afterSigned' ? 'after signing' : 'after sending'}`, async () => {
      const user = await newDepositor();
      await deposit(user.address, { usdt: 7n * USDT });
      finalize();
      await scanDeposits();
      // The hot wallet is at its hotMax: what it receives goes on to the cold address.
      const platformBefore = (await usdtAt(hotWallet)) + (await usdtAt(cold));
      const crashing = sweeper('treasury-crashing', {
        crashPoints: {
          [crashPoint]: () => {
            throw new SweepCrash('killed');
          },
        },
      });
      await expect(crashing.tick()).rejects.toThrow(SweepCrash);
      const [open] = (await sweepRows()).filter((r) => r.from_address === user.address);
      expect(open).toMatchObject({ status: 'sweeping' });
      expect((await txRows(open?.id)).map((t) => t.status)).toEqual(['signed']);

      // The restarted treasury sends the recorded bytes again (a node drops them if they already landed).
      await sweepUntilSettled(sweeper('treasury-restarted'));
      const txs = await txRows(open?.id);
      expect(txs.map((t) => t.status)).toEqual(['confirmed']);
      expect((await usdtAt(hotWallet)) + (await usdtAt(cold))).toBe(platformBefore + 7n * USDT);
      expect(await usdtAt(hotWallet)).toBe(20n * USDT);
      expect(await usdtAt(user.address)).toBe(0n);
      await expectChainMatchesLedger();
    });
  }

  it('signs anew when the recorded bytes never went out and their blockhash expired', async () => {
    const user = await newDepositor();
    await deposit(user.address, { sol: 300_000_000n });
    finalize();
    await scanDeposits();
    const crashing = sweeper('treasury-crashing', {
      crashPoints: {
        afterSigned: () => {
          throw new SweepCrash('killed');
        },
      },
    });
    await expect(crashing.tick()).rejects.toThrow(SweepCrash);
    chain.advanceSlots(200); // past the blockhash's 150 blocks, and finalized
    await sweepUntilSettled(sweeper('treasury-restarted'));
    const [sweep] = (await sweepRows()).filter((r) => r.from_address === user.address);
    expect(sweep).toMatchObject({ status: 'swept', amount: '300000000' });
    expect((await txRows(sweep?.id)).map((t) => t.status)).toEqual(['expired', 'confirmed']);
    expect(await solAt(user.address)).toBe(0n);
    await expectChainMatchesLedger();
  });

  it('leaves a resumable state when the RPC refuses, and holds a sweep for an operator after repeated failures', async () => {
    const user = await newDepositor();
    await deposit(user.address, { usdt: 3n * USDT });
    finalize();
    await scanDeposits();
    refused.add('sendTransaction');
    await sweeper().tick();
    const [sweep] = (await sweepRows()).filter((r) => r.from_address === user.address);
    expect(sweep).toMatchObject({ status: 'sweeping' });
    expect((await txRows(sweep?.id)).map((t) => t.status)).toEqual(['signed']);
    refused.delete('sendTransaction');
    await sweepUntilSettled();
    expect((await sweepRows()).find((r) => r.id === sweep?.id)).toMatchObject({ status: 'swept' });

    // The blockhash cannot be fetched: nothing is signed, the sweep counts attempts, then waits for an operator.
    const next = await newDepositor();
    await deposit(next.address, { usdt: 4n * USDT });
    finalize();
    await scanDeposits();
    refused.add('getLatestBlockhash');
    for (let i = 0; i < 5; i++) await sweeper().tick();
    refused.delete('getLatestBlockhash');
    const [held] = (await sweepRows()).filter((r) => r.from_address === next.address);
    expect(held).toMatchObject({ status: 'held' });
    expect(await txRows(held?.id)).toEqual([]);
    expect(alerts).toContainEqual(expect.objectContaining({ alert: 'sweep-held', chain: 'solana', sweepId: held?.id }));
    await sweeper().tick();
    expect((await sweepRows()).find((r) => r.id === held?.id)).toMatchObject({ status: 'held' });
    expect(await usdtAt(next.address)).toBe(4n * USDT);
    await expectChainMatchesLedger();
  }, 90_000); // two deposits, two scans, a sweep to settlement and six ticks: over 30 s was seen on a busy machine

  it('runs on one treasury at a time: the second waits for the lease', async () => {
    const a = solanaSweeper({ repos: server.repos, chain: sweeps, owner: 'treasury-one', log, leaseMs: 60_000 });
    const b = solanaSweeper({ repos: server.repos, chain: sweeps, owner: 'treasury-two', log, leaseMs: 60_000 });
    expect(await a.tick()).toMatchObject({ outcome: 'worked' });
    expect(await b.tick()).toEqual({ outcome: 'not-lease-holder' });
    await a.release();
    expect(await b.tick()).toMatchObject({ outcome: 'worked' });
    await b.release();
  });
});
