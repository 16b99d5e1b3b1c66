import { toBaseUnits } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { createTestClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_GAS } from '../src/chain/evm/evm-sweep-chain.ts';
import { rowsOf } from '../src/db/raw.ts';
import type { SweepRow } from '../src/db/repositories/sweeps.ts';
import { FOLLOW_TX, followTx } from '../src/domain/treasury/bsc-sweep/follow-tx.ts';
import { FUND_GAS, fundGas } from '../src/domain/treasury/bsc-sweep/fund-gas.ts';
import { PLAN_DEPOSITS, planDepositSweeps } from '../src/domain/treasury/bsc-sweep/plan-deposits.ts';
import { PLAN_TO_COLD, planToCold } from '../src/domain/treasury/bsc-sweep/plan-to-cold.ts';
import { replaceTx } from '../src/domain/treasury/bsc-sweep/replace-tx.ts';
import { RESUME, resumeFailed } from '../src/domain/treasury/bsc-sweep/resume.ts';
import { newRound } from '../src/domain/treasury/bsc-sweep/round.ts';
import { SETTLE_TX, settleTx } from '../src/domain/treasury/bsc-sweep/settle-tx.ts';
import { SIGN_SWEEP, signSweep } from '../src/domain/treasury/bsc-sweep/sign-sweep.ts';
import { SIGN_TO_COLD, signToCold } from '../src/domain/treasury/bsc-sweep/sign-to-cold.ts';
import { isolatedStep } from '../src/domain/treasury/bsc-sweep/step-failure.ts';
import { tokenContracts } from '../src/domain/treasury/bsc-sweep/tokens.ts';
import { SweepCrash, type SweepTxContext } from '../src/domain/treasury/bsc-sweeper-tx.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import {
  balanceOn,
  creditConfirmedDeposits,
  DEPTH,
  depositAddressOf,
  fundHotWallet,
  outsideWallet,
  sweepChainOf,
  sweepsFrom,
  transfersFrom,
} from './treasury-bsc.ts';
import { signUp } from './users.ts';

/** Real chain work: a dev chain's blocks, receipts and balances, on a machine the other helpers share. */
const SLOW = { timeout: 120_000 };
const MAX_GAS_PRICE = 100_000_000_000n;

/**
 * Each step of the BNB Smart Chain sweeper (domain/treasury/bsc-sweep/) alone, on the real database and the dev
 * chain: the sweep is put in the state the step takes it from through the repositories, the step runs once, and
 * the test reads the state it left the sweep in, its transactions and the chain. The whole sweeper, its crash
 * points and its invariants are treasury-sweeps-bsc.api.test.ts's.
 */
describe('the BNB Smart Chain sweeper, step by step', () => {
  let server: ChainTestServer;
  let sender: Awaited<ReturnType<typeof outsideWallet>>;
  const cold = privateKeyToAccount(generatePrivateKey()).address;
  const hot = () => sweepChainOf(server).hotWallet;
  const head = () => sweepChainOf(server).head();
  const ctx = (extra: Partial<SweepTxContext> = {}): SweepTxContext => ({
    repos: server.repos,
    chain: sweepChainOf(server),
    confirmations: DEPTH,
    bumpAfterBlocks: 20,
    maxGasPrice: MAX_GAS_PRICE,
    maxAttempts: 5,
    rebroadcastAfterMs: 30_000,
    ...extra,
  });
  const cow = () => server.evm.tokens.cow;

  /** A new user's deposit address and its key's index. */
  const depositor = async () => {
    const user = await signUp(server);
    const address = await depositAddressOf(server, user);
    const result = await server.database.db.execute(
      sql`SELECT derivation_index FROM deposit_addresses WHERE address = ${address}`,
    );
    const [row] = rowsOf<{ derivation_index: number }>(result);
    return { userId: BigInt(user.mid), address, derivationIndex: Number(row?.derivation_index) };
  };
  /** A deposit sweep planned through the repository, as the planning step would leave it. */
  const plannedDeposit = async (d: Awaited<ReturnType<typeof depositor>>, currency: string, amount: string) => {
    const row = await server.repos.sweeps.plan({
      chain: 'bsc',
      currency,
      kind: 'deposit',
      fromAddress: d.address,
      userId: d.userId,
      derivationIndex: d.derivationIndex,
      toAddress: hot(),
      amount: toBaseUnits(amount, 18),
    });
    if (!row) throw new Error('not planned');
    return row;
  };
  const plannedToCold = async (currency: string, to: string, amount: string) => {
    const row = await server.repos.sweeps.plan({
      chain: 'bsc',
      currency,
      kind: 'to-cold',
      fromAddress: hot(),
      userId: null,
      derivationIndex: null,
      toAddress: to,
      amount: toBaseUnits(amount, 18),
    });
    if (!row) throw new Error('not planned');
    return row;
  };
  const now = async (s: SweepRow) => {
    const row = await server.repos.sweeps.byId(s.id);
    if (!row) throw new Error(`sweep ${s.id} gone`);
    return row;
  };
  const txsOf = async (s: SweepRow) =>
    (await server.repos.sweeps.transactionsOf(s.id)).map((t) => [t.purpose, t.status]);

  beforeAll(async () => {
    server = await startChainTestServer();
    sender = await outsideWallet(server);
    await fundHotWallet(server, '10');
    await server.evm.fund(hot(), { cow: '300' });
    const set = (key: string, value: string) => server.repos.settings.set(key, value, 'tests');
    await set(TREASURY_SETTINGS.minSweep('cow'), '5');
    await set(TREASURY_SETTINGS.hotMax('bsc', 'cow'), '100');
    await set(TREASURY_SETTINGS.hotMin('bsc', 'usdt'), '1000');
    await set(TREASURY_SETTINGS.coldAddress('bsc'), cold);
  });
  afterAll(() => server?.close());

  it('plans a credited deposit at what the address holds, and skips one below minSweep', SLOW, async () => {
    const [big, small] = [await depositor(), await depositor()];
    await sender.send(big.address, 'cow', '20');
    await sender.send(small.address, 'cow', '1');
    await creditConfirmedDeposits(server);
    const tokens = await tokenContracts(server.repos);
    const plan = { repos: server.repos, chain: sweepChainOf(server), confirmations: DEPTH, maxGasPrice: MAX_GAS_PRICE };
    expect(await planDepositSweeps({ ...plan, planLimit: 5000, tokens }, await head())).toEqual({
      planned: 1,
      skipped: 1,
    });
    const [planned] = await sweepsFrom(server, big.address);
    expect(planned).toMatchObject({ status: PLAN_DEPOSITS.to[0], kind: 'deposit', currency: 'cow', toAddress: hot() });
    expect(planned?.amount).toBe(toBaseUnits('20', 18).toString());
    const [skipped] = await sweepsFrom(server, small.address);
    expect(skipped?.status).toBe(PLAN_DEPOSITS.to[1]);
    expect(skipped?.reason).toMatch(/^below treasury\.minSweep\.cow: 1(\.0+)? < 5 COW$/);
    // Planned again, nothing changed: no second row.
    expect(await planDepositSweeps({ ...plan, planLimit: 5000, tokens }, await head())).toEqual({
      planned: 0,
      skipped: 0,
    });
  });

  it("plans the hot wallet's excess above hotMax to cold, and names a currency below hotMin", async () => {
    const tokens = await tokenContracts(server.repos);
    const plan = { repos: server.repos, chain: sweepChainOf(server), confirmations: DEPTH, maxGasPrice: MAX_GAS_PRICE };
    const found = await planToCold({ ...plan, planLimit: 0, tokens });
    expect(found.planned).toBe(1);
    expect(found.coldRefused).toBeNull();
    expect(found.belowMin.map((b) => [b.currency, b.balance])).toEqual([['usdt', 0n]]);
    const [toCold] = (await sweepsFrom(server, hot())).filter((s) => s.currency === 'cow');
    expect(toCold).toMatchObject({ status: PLAN_TO_COLD.to[0], kind: 'to-cold', toAddress: cold });
    expect(toCold?.amount).toBe(toBaseUnits('200', 18).toString());
    // Out of the way of the steps below: an operator's skip.
    await server.repos.sweeps.move(toCold?.id ?? 0n, 'planned', 'skipped');
  });

  it('funds exactly the gas a token sweep lacks and moves it to gas-funding; none when it has it', SLOW, async () => {
    const [dry, fueled] = [await depositor(), await depositor()];
    await sender.send(dry.address, 'cow', '20');
    await sender.send(fueled.address, 'cow', '20');
    await sender.send(fueled.address, 'bnb', '0.01');
    const gasPrice = await sweepChainOf(server).gasPrice();
    const sweep = await plannedDeposit(dry, 'cow', '20');
    expect(await fundGas(ctx(), sweep, await head())).toBe('topped-up');
    expect(await now(sweep)).toMatchObject({
      status: FUND_GAS.to[0],
      gasTopup: (SWEEP_GAS.token * gasPrice).toString(),
    });
    expect(await txsOf(sweep)).toEqual([['gas-topup', 'sent']]);
    expect(await balanceOn(server, dry.address, 'bnb')).toBe(SWEEP_GAS.token * gasPrice);

    const enough = await plannedDeposit(fueled, 'cow', '20');
    expect(await fundGas(ctx(), enough, await head())).toBe('has-gas');
    expect((await now(enough)).status).toBe('planned');
    expect(await txsOf(enough)).toEqual([]);
  });

  it(
    'signs and sends the transfer to the hot wallet; a BNB sweep with nothing left after gas is skipped',
    SLOW,
    async () => {
      const [token, dust] = [await depositor(), await depositor()];
      await sender.send(token.address, 'cow', '20');
      await sender.send(token.address, 'bnb', '0.01');
      await sender.send(dust.address, 'bnb', '0.00000001');
      const sweep = await plannedDeposit(token, 'cow', '20');
      expect(await signSweep(ctx(), sweep, cow(), await head())).toBe('signed');
      expect((await now(sweep)).status).toBe(SIGN_SWEEP.to[0]);
      expect(await txsOf(sweep)).toEqual([['sweep', 'sent']]);
      expect(await transfersFrom(server, cow(), token.address)).toHaveLength(1);

      const bnb = await plannedDeposit(dust, 'bnb', '0.00000001');
      expect(await signSweep(ctx(), bnb, null, await head())).toBe('skipped');
      expect(await now(bnb)).toMatchObject({ status: SIGN_SWEEP.to[1], reason: 'nothing left after the gas' });
      expect(await txsOf(bnb)).toEqual([]);
    },
  );

  it(
    'signs the excess to cold from the hot wallet, and holds a sweep whose cold address is refused',
    SLOW,
    async () => {
      const sweep = await plannedToCold('bnb', cold, '0.5');
      const before = await balanceOn(server, cold, 'bnb');
      expect(await signToCold(ctx(), sweep, null, await head())).toBe('signed');
      expect((await now(sweep)).status).toBe(SIGN_TO_COLD.to[0]);
      expect(await txsOf(sweep)).toEqual([['sweep', 'sent']]);
      expect((await balanceOn(server, cold, 'bnb')) - before).toBe(toBaseUnits('0.5', 18));

      const refused = await plannedToCold('usdt', (await depositor()).address, '1');
      expect(await signToCold(ctx(), refused, server.evm.tokens.usdt, await head())).toBe('held');
      expect(await now(refused)).toMatchObject({ status: SIGN_TO_COLD.to[1] });
      expect((await now(refused)).reason).toMatch(/^cold address refused: /);
      expect(await txsOf(refused)).toEqual([]);
    },
  );

  it('follows a live transaction until its depth, then settles it: the sweep swept, its fee booked', SLOW, async () => {
    const [sweeping] = (await sweepsFrom(server, hot())).filter((s) => s.status === 'sweeping');
    if (!sweeping) throw new Error('no sweeping to-cold sweep');
    const txs = await server.repos.sweeps.transactionsOf(sweeping.id);
    const [live] = txs;
    if (!live) throw new Error('no transaction');
    expect(await followTx(ctx(), sweeping, live, txs, await head(), [])).toBe('waiting');
    expect(FOLLOW_TX.from).toContain((await now(sweeping)).status);
    await server.evm.mine(DEPTH);
    expect(await followTx(ctx(), sweeping, live, txs, await head(), [])).toBe('confirmed');
    const swept = await now(sweeping);
    expect(swept.status).toBe(FOLLOW_TX.to[0]);
    const [confirmed] = await server.repos.sweeps.transactionsOf(sweeping.id);
    expect(confirmed?.status).toBe('confirmed');
    expect(confirmed?.feeMovementId).not.toBeNull();
    expect(swept.feePaid).toBe(confirmed?.feePaid);
  });

  it('settles a reverted transaction as a failed attempt, its gas booked all the same', SLOW, async () => {
    const sweep = await plannedToCold('bnb', cold, '0.1');
    await signToCold(ctx(), sweep, null, await head());
    const sweeping = await now(sweep);
    const txs = await server.repos.sweeps.transactionsOf(sweep.id);
    const [mined] = txs;
    if (!mined) throw new Error('no transaction');
    const receipt = await sweepChainOf(server).receipt(mined.txHash as `0x${string}`);
    if (!receipt) throw new Error('not mined');
    await settleTx(ctx(), sweeping, txs, mined, { ...receipt, success: false }, txs);
    expect(await now(sweep)).toMatchObject({ status: SETTLE_TX.to[1], attempts: 1 });
    expect((await now(sweep)).lastError).toBe(`transaction ${mined.txHash} reverted`);
    const [failed] = await server.repos.sweeps.transactionsOf(sweep.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.feeMovementId).not.toBeNull();
    await server.repos.sweeps.move(sweep.id, 'failed', 'skipped');
  });

  it(
    'replaces a transaction not mined in time with its nonce at a higher price, never a token sweep',
    SLOW,
    async () => {
      const node = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
      await node.setAutomine(false);
      try {
        const sweep = await plannedToCold('bnb', cold, '0.2');
        await signToCold(ctx(), sweep, null, await head());
        const [live] = await server.repos.sweeps.transactionsOf(sweep.id);
        if (!live) throw new Error('no transaction');
        const problems: string[] = [];
        expect(await replaceTx(ctx(), await now(sweep), live, await head(), problems)).toBe(true);
        expect(problems).toEqual([]);
        const txs = await server.repos.sweeps.transactionsOf(sweep.id);
        expect(txs.map((t) => [t.status, t.nonce])).toEqual([
          ['replaced', live.nonce],
          ['sent', live.nonce],
        ]);
        expect(BigInt(txs[1]?.gasPrice ?? '0')).toBeGreaterThan(BigInt(live.gasPrice ?? '0'));
      } finally {
        await node.setAutomine(true);
        await server.evm.mine(1);
      }

      const [swept] = (await server.repos.sweeps.withStatus('bsc', ['sweeping'])).filter((s) => s.currency === 'cow');
      if (!swept) throw new Error('no token sweep from a deposit address');
      const [transfer] = await server.repos.sweeps.transactionsOf(swept.id);
      const problems: string[] = [];
      expect(await replaceTx(ctx(), swept, transfer as never, await head(), problems)).toBe(false);
      expect(problems).toEqual([
        `sweep ${swept.id}: not mined at ${transfer?.gasPrice} wei; a token sweep is not re-priced`,
      ]);
    },
  );

  it('resumes a failed sweep where its transactions say', async () => {
    const [fresh, inFlight] = [await depositor(), await depositor()];
    const restart = await plannedDeposit(fresh, 'bnb', '1');
    const follow = await plannedDeposit(inFlight, 'bnb', '1');
    await server.repos.sweeps.insertTransaction({
      chain: 'bsc',
      sweepId: follow.id,
      purpose: 'sweep',
      fromAddress: inFlight.address,
      toAddress: hot(),
      amount: '1',
      nonce: 0n,
      gasPrice: '1',
      signedTx: '0x00',
      txHash: `0x${'ab'.repeat(32)}`,
      status: 'sent',
    });
    for (const s of [restart, follow]) await server.repos.sweeps.fail(s.id, 'planned', 'an RPC error', 5);
    await resumeFailed(server.repos);
    expect([(await now(restart)).status, (await now(follow)).status]).toEqual([RESUME.to[0], RESUME.to[2]]);
    for (const s of [restart, follow]) await server.repos.sweeps.move(s.id, (await now(s)).status as never, 'skipped');
  });

  it("counts a step's failure as an attempt, holds the sweep after the last one, and lets a crash through", async () => {
    const sweep = await plannedDeposit(await depositor(), 'bnb', '1');
    const round = newRound(await head(), new Map());
    const alerts: Record<string, unknown>[] = [];
    const log = { warn: () => {}, error: (fields: Record<string, unknown>) => void alerts.push(fields) };
    const broken = async () => {
      throw new Error('the node answered 429');
    };
    await isolatedStep(ctx({ maxAttempts: 2 }), round, sweep, broken, log);
    expect(await now(sweep)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the node answered 429' });
    await server.repos.sweeps.move(sweep.id, 'failed', 'planned');
    await isolatedStep(ctx({ maxAttempts: 2 }), round, sweep, broken, log);
    expect((await now(sweep)).status).toBe('held');
    expect([round.counts.failed, round.counts.held]).toEqual([1, 1]);
    expect(round.problems).toEqual([
      `sweep ${sweep.id}: the node answered 429`,
      `sweep ${sweep.id}: the node answered 429`,
    ]);
    expect(alerts).toMatchObject([{ alert: 'sweep-held', chain: 'bsc', sweepId: sweep.id.toString() }]);
    const crash = async () => {
      throw new SweepCrash('killed');
    };
    await expect(isolatedStep(ctx(), round, sweep, crash, log)).rejects.toBeInstanceOf(SweepCrash);
  });
});
