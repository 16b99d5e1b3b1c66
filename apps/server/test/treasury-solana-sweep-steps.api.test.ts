import { Money } from '@aidf/contract';
import { type SolanaDevChain, sendInstructions, startSolanaDevChain } from '@aidf/devchain';
import { type Address, createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOL_TOKEN } from '../src/chain/chain-services.ts';
import type { SolanaSweepChain } from '../src/chain/solana/solana-sweep-chain.ts';
import { rowsOf } from '../src/db/raw.ts';
import type { SweepRow } from '../src/db/repositories/sweeps.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { PLATFORM, platformAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postMovement } from '../src/domain/ledger/post-movement.ts';
import {
  failSweep,
  newSolanaRound,
  type SolanaSweepContext,
  sweptAssets,
} from '../src/domain/treasury/solana-sweep/context.ts';
import { FOLLOW_SWEEP, followSweep } from '../src/domain/treasury/solana-sweep/follow-sweep.ts';
import { PLAN_DEPOSITS, planDeposits } from '../src/domain/treasury/solana-sweep/plan-deposits.ts';
import { PLAN_TO_COLD, planToCold } from '../src/domain/treasury/solana-sweep/plan-to-cold.ts';
import { RETRY, retryFailed } from '../src/domain/treasury/solana-sweep/retry.ts';
import { costOf, settleLanded } from '../src/domain/treasury/solana-sweep/settle-landed.ts';
import { SIGN_AND_SEND, signAndSend } from '../src/domain/treasury/solana-sweep/sign-and-send.ts';
import { SweepCrash } from '../src/domain/treasury/solana-sweeper.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';

const FINALIZED_DEPTH = 31;
const LAMPORTS = 1_000_000_000n;

/**
 * Each step of the Solana sweeper (domain/treasury/solana-sweep/) alone, against the litesvm stand-in and the real
 * database: the sweep is put in the state the step takes it from through the repositories, the step runs once, and
 * the test reads the state it left the sweep in, its transactions and what it counted. The whole sweeper, its crash
 * points and its invariants are treasury-sweeps-solana.api.test.ts's.
 */
describe('the Solana sweeper, step by step', () => {
  let chain: SolanaDevChain;
  let server: TestServer;
  let sender: KeyPairSigner;
  let sweeps: SolanaSweepChain;
  let cold: string;
  const alerts: Record<string, unknown>[] = [];
  const log = { info: () => {}, warn: () => {}, error: (fields: Record<string, unknown>) => void alerts.push(fields) };
  const ctx = (extra: Partial<SolanaSweepContext> = {}): SolanaSweepContext => ({
    repos: server.repos,
    chain: sweeps,
    maxAttempts: 5,
    log,
    ...extra,
  });
  const round = async () => newSolanaRound(await sweptAssets(server.repos));
  const finalize = () => chain.advanceSlots(FINALIZED_DEPTH + 1);
  const now = async (s: SweepRow) => {
    const row = await server.repos.sweeps.byId(s.id);
    if (!row) throw new Error(`sweep ${s.id} gone`);
    return row;
  };
  const txsOf = async (s: SweepRow) => (await server.repos.sweeps.transactionsOf(s.id)).map((t) => t.status);
  const sweepsFrom = async (address: string) =>
    (
      await server.repos.sweeps.withStatus('solana', ['planned', 'sweeping', 'swept', 'skipped', 'failed', 'held'])
    ).filter((s) => s.fromAddress === address);

  /** A new user's Solana deposit address (and its key's index), holding `sol` sent from an outside wallet. */
  async function depositor(sol: bigint) {
    const account = await signUp(server, solanaWallet());
    const answer = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${account.mid}/A`, {
      method: 'GET',
      token: account.token,
    });
    const address = answer.json.data.address as string;
    await sendInstructions(createSolanaRpc(chain.rpcUrl), sender, [
      getTransferSolInstruction({ source: sender, destination: address as Address, amount: sol }),
    ]);
    finalize();
    return { userId: BigInt(account.mid), address, derivationIndex: await indexOf(address) };
  }
  async function indexOf(address: string): Promise<number> {
    const result = await server.database.db.execute(
      sql`SELECT derivation_index FROM deposit_addresses WHERE address = ${address}`,
    );
    return Number(rowsOf<{ derivation_index: number }>(result)[0]?.derivation_index);
  }
  /** A deposit sweep planned through the repository, as the planning step would leave it. */
  async function planned(d: Awaited<ReturnType<typeof depositor>>, amount: bigint, currency = 'sol') {
    const row = await server.repos.sweeps.plan({
      chain: 'solana',
      currency,
      kind: 'deposit',
      fromAddress: d.address,
      userId: d.userId,
      derivationIndex: d.derivationIndex,
      toAddress: sweeps.hotWallet,
      amount,
    });
    if (!row) throw new Error('not planned');
    return row;
  }

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

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    server = await startTestServer({ env: { SOLANA_RPC_URL: chain.rpcUrl } });
    await server.repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6);
    const solana = server.app.chains.solana;
    if (!solana?.sweeps) throw new Error('the treasury has no Solana sweeper');
    sweeps = solana.sweeps;
    cold = (await generateKeyPairSigner()).address;
    sender = await generateKeyPairSigner();
    await chain.fund(sender.address, { sol: '100' });
    await chain.fund(sweeps.hotWallet, { sol: '1' });
    await postMovement(server.repos, {
      type: 'treasury-funding',
      idemKey: 'test:solana-steps-hot-wallet-funding',
      ref: 'test',
      lines: [
        { account: platformAccount(PLATFORM.chain('solana'), 'sol'), amount: new Money('-1') },
        { account: platformAccount(PLATFORM.treasuryCapital, 'sol'), amount: new Money('1') },
      ],
    });
    await server.repos.settings.set(TREASURY_SETTINGS.minSweep('sol'), '0.01', 'test');
    finalize();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await chain?.close();
  });

  it('plans a credited deposit swept empty, and skips one below minSweep once per amount', async () => {
    const [big, small] = [await depositor(LAMPORTS / 2n), await depositor(LAMPORTS / 1000n)];
    await scanDeposits();
    const r = await round();
    await planDeposits(ctx(), r);
    expect([r.counts.planned, r.counts.skipped]).toEqual([1, 1]);
    const [sweep] = await sweepsFrom(big.address);
    expect(sweep).toMatchObject({ status: PLAN_DEPOSITS.to[0], kind: 'deposit', toAddress: sweeps.hotWallet });
    expect(sweep?.amount).toBe((LAMPORTS / 2n).toString());
    const [skipped] = await sweepsFrom(small.address);
    expect(skipped?.status).toBe(PLAN_DEPOSITS.to[1]);
    expect(skipped?.reason).toBe('below treasury.minSweep.sol (0.001 < 0.01)');
    const again = await round();
    await planDeposits(ctx(), again);
    expect([again.counts.planned, again.counts.skipped]).toEqual([0, 0]);
    if (sweep) await server.repos.sweeps.move(sweep.id, 'planned', 'skipped');
  });

  it("plans the hot wallet's excess above hotMax to cold", async () => {
    const r = await round();
    await planToCold(ctx(), r);
    expect(r.counts.planned).toBe(0); // no cold address yet
    await server.repos.settings.set(TREASURY_SETTINGS.coldAddress('solana'), cold, 'test');
    await server.repos.settings.set(TREASURY_SETTINGS.hotMax('solana', 'sol'), '0.5', 'test');
    const hot = await sweeps.solBalance(sweeps.hotWallet);
    await planToCold(ctx(), r);
    expect(r.counts.planned).toBe(1);
    const [toCold] = await sweepsFrom(sweeps.hotWallet);
    expect(toCold).toMatchObject({ status: PLAN_TO_COLD.to[0], kind: 'to-cold', toAddress: cold });
    expect(toCold?.amount).toBe((hot - LAMPORTS / 2n).toString());
    if (toCold) await server.repos.sweeps.move(toCold.id, 'planned', 'skipped');
    await server.repos.settings.set(TREASURY_SETTINGS.hotMax('solana', 'sol'), '100', 'test');
  });

  it('signs a planned sweep, records it with its move to sweeping, then sends it', async () => {
    // Both addresses first: a deposit finalizes the chain, and the next test follows this sweep before that.
    const [d, other] = [await depositor(LAMPORTS / 4n), await depositor(LAMPORTS / 4n)];
    const sweep = await planned(d, LAMPORTS / 4n);
    const r = await round();
    await signAndSend(ctx(), r, sweep, r.assets.get('sol'));
    expect((await now(sweep)).status).toBe(SIGN_AND_SEND.to[0]);
    expect(await txsOf(sweep)).toEqual(['sent']);
    expect([r.counts.signed, r.counts.sent]).toEqual([1, 1]);

    const unknown = await planned(other, 1n, 'usdt');
    await signAndSend(ctx(), r, unknown, undefined);
    expect(await now(unknown)).toMatchObject({
      status: SIGN_AND_SEND.to[1],
      attempts: 1,
      lastError: 'no usdt asset configured on Solana',
    });
    await server.repos.sweeps.move(unknown.id, 'failed', 'skipped');
  });

  it('follows a sweeping sweep: the same bytes again until finalized, then swept with its cost booked', async () => {
    const [sweep] = (await server.repos.sweeps.withStatus('solana', ['sweeping'])).filter((s) => s.kind === 'deposit');
    if (!sweep) throw new Error('no sweeping sweep');
    const waiting = await round();
    await followSweep(ctx(), waiting, sweep);
    expect((await now(sweep)).status).toBe('sweeping');
    expect(waiting.problems).toEqual([]);
    finalize();
    const landed = await round();
    await followSweep(ctx(), landed, sweep);
    expect((await now(sweep)).status).toBe(FOLLOW_SWEEP.to[0]);
    expect(landed.counts.swept).toBe(1);
    const [tx] = await server.repos.sweeps.transactionsOf(sweep.id);
    expect(tx?.status).toBe('confirmed');
    expect(tx?.feeMovementId).not.toBeNull();
    expect((await now(sweep)).feePaid).toBe(tx?.feePaid);
  });

  it('gives up bytes whose blockhash expired unsent, and fails a sweeping sweep without a transaction', async () => {
    const sweep = await planned(await depositor(LAMPORTS / 4n), LAMPORTS / 4n);
    const crash = () => {
      throw new SweepCrash('killed after signing');
    };
    const r = await round();
    await expect(
      signAndSend(ctx({ crashPoints: { afterSigned: crash } }), r, sweep, r.assets.get('sol')),
    ).rejects.toThrow(SweepCrash);
    expect(await txsOf(sweep)).toEqual(['signed']);
    chain.advanceSlots(200); // past the blockhash's 150 blocks, and finalized
    await followSweep(ctx(), r, sweep);
    expect(await txsOf(sweep)).toEqual(['expired']);
    expect(await now(sweep)).toMatchObject({ status: FOLLOW_SWEEP.to[1], attempts: 1 });
    expect(r.counts.expired).toBe(1);

    const bare = await planned(await depositor(LAMPORTS / 4n), LAMPORTS / 4n);
    await server.repos.sweeps.move(bare.id, 'planned', 'sweeping');
    await followSweep(ctx(), r, await now(bare));
    expect(await now(bare)).toMatchObject({ status: 'failed', lastError: 'no transaction in flight' });
    await server.repos.sweeps.move(bare.id, 'failed', 'skipped');
  });

  it('settles a transaction that failed on chain as a failed attempt, its cost booked', async () => {
    const d = await depositor(LAMPORTS / 4n);
    const sweep = await planned(d, LAMPORTS / 4n);
    const r = await round();
    await signAndSend(ctx(), r, sweep, r.assets.get('sol'));
    finalize();
    const [tx] = await server.repos.sweeps.transactionsOf(sweep.id);
    const landed = tx && (await sweeps.landed(tx.txHash));
    if (!tx || !landed) throw new Error('not landed');
    // As the chain reports a transaction that failed: its fee spent, nothing moved.
    const failure = { ...landed, err: { InstructionError: [0, 'Custom'] }, hotWalletSpent: landed.fee };
    await settleLanded(ctx(), r, await now(sweep), tx, failure);
    expect(await now(sweep)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await now(sweep)).lastError).toMatch(/^the transaction failed on chain: /);
    const [failed] = await server.repos.sweeps.transactionsOf(sweep.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.feePaid).toBe(landed.fee.toString());
    expect(failed?.feeMovementId).not.toBeNull();
    // A SOL deposit sweep that landed cost the hot wallet its fee only: the SOL it took in was the deposit's.
    expect(costOf(await now(sweep), landed.hotWalletSpent, true)).toBe(landed.fee);
  });

  it('plans a failed sweep again, and holds one that failed its last attempt with an alert', async () => {
    const failed = (await server.repos.sweeps.withStatus('solana', RETRY.from)).map((s) => s.id);
    expect(failed.length).toBeGreaterThan(0);
    await retryFailed(server.repos);
    for (const id of failed) expect((await server.repos.sweeps.byId(id))?.status).toBe(RETRY.to[0]);

    const sweep = await planned(await depositor(LAMPORTS / 4n), LAMPORTS / 4n);
    const r = await round();
    await failSweep(ctx({ maxAttempts: 1 }), r, sweep, 'planned', 'the node answered 429');
    expect((await now(sweep)).status).toBe('held');
    expect(r.counts.held).toBe(1);
    expect(alerts).toMatchObject([{ alert: 'sweep-held', chain: 'solana', sweepId: sweep.id.toString() }]);
  });
});
