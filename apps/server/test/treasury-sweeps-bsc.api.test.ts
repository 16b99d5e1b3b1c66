import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_GAS } from '../src/chain/evm/evm-sweep-chain.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { SweepCrash } from '../src/domain/treasury/bsc-sweeper-tx.ts';
import { retrySweep, skipSweep } from '../src/domain/treasury/sweep-actions.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import {
  balanceOn,
  creditBnbDeposit,
  creditConfirmedDeposits,
  DEPTH,
  depositAddressOf,
  expectChainMatchesLedger,
  expectCowSweptOnce,
  expectNoncesInStep,
  fundHotWallet,
  outsideWallet,
  sweepChainOf,
  sweeperOf,
  sweepsFrom,
  sweepUntilQuiet,
  transfersFrom,
} from './treasury-bsc.ts';
import { credit, signUp, withdrawBody } from './users.ts';

const OPERATOR = { name: 'tests', role: 'admin' as const, ip: null };
/** Real chain work: a dev chain's blocks, receipts and balances, on a machine the other helpers share. */
const SLOW = { timeout: 180_000 };

describe('sweeps on the BNB Smart Chain dev chain', () => {
  let server: ChainTestServer;
  let sender: Awaited<ReturnType<typeof outsideWallet>>;
  const cold = privateKeyToAccount(generatePrivateKey()).address;
  const hot = () => sweepChainOf(server).hotWallet;

  /** A new user with a deposit address on the chain. */
  const depositor = async () => {
    const user = await signUp(server);
    return { user, userId: BigInt(user.mid), address: await depositAddressOf(server, user) };
  };
  const sweepsOf = (address: string) => sweepsFrom(server, address);
  const invariant = async () => {
    for (const currency of ['cow', 'usdt', 'bnb'] as const) await expectChainMatchesLedger(server, cold, currency);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  };
  const noncesInStep = () => expectNoncesInStep(server);

  beforeAll(async () => {
    server = await startChainTestServer();
    sender = await outsideWallet(server);
    await fundHotWallet(server, '10');
    const set = (key: string, value: string) => server.repos.settings.set(key, value, 'tests');
    await set(TREASURY_SETTINGS.minSweep('cow'), '5');
    await set(TREASURY_SETTINGS.minSweep('usdt'), '5');
    await set(TREASURY_SETTINGS.hotMax('bsc', 'cow'), '100');
    await set(TREASURY_SETTINGS.hotMin('bsc', 'usdt'), '1000');
    await set(TREASURY_SETTINGS.coldAddress('bsc'), cold);
  });
  afterAll(() => server?.close());

  it(
    'sweeps each amount above its threshold once, tops up exactly the shortfall, fills hot to hotMax and the rest goes cold',
    SLOW,
    async () => {
      const a = await depositor(); // 50 COW, no BNB: a top-up of the whole gas
      const b = await depositor(); // 80 COW and 20 USDT
      const c = await depositor(); // 2 COW: below minSweep, left
      const d = await depositor(); // 0.5 BNB and 30 COW: the COW's gas comes out of its own BNB
      const e = await depositor(); // 40 COW and a dust of BNB: the top-up is the shortfall less that dust
      await sender.send(a.address, 'cow', '50');
      await sender.send(b.address, 'cow', '80');
      await sender.send(b.address, 'usdt', '20');
      await sender.send(c.address, 'cow', '2');
      await sender.send(d.address, 'cow', '30');
      await sender.send(e.address, 'cow', '40');
      await creditBnbDeposit(server, d.userId, d.address, await sender.send(d.address, 'bnb', '0.5'), '0.5');
      await creditBnbDeposit(
        server,
        e.userId,
        e.address,
        await sender.send(e.address, 'bnb', '0.00000001'),
        '0.00000001',
      );
      await creditConfirmedDeposits(server);
      await invariant();

      const alerts: Record<string, unknown>[] = [];
      const log = {
        warn: (f: Record<string, unknown>) => alerts.push(f),
        error: (f: Record<string, unknown>) => alerts.push(f),
      };
      await sweepUntilQuiet(server, sweeperOf(server, { log }));
      await invariant();
      await noncesInStep();

      // Each amount above its threshold swept exactly once, the whole credited amount.
      const cow = server.evm.tokens.cow;
      for (const [who, amount] of [
        [a, '50'],
        [b, '80'],
        [d, '30'],
        [e, '40'],
      ] as const) {
        const swept = (await sweepsOf(who.address)).filter((s) => s.currency === 'cow');
        expect(swept.map((s) => [s.status, s.amount])).toEqual([['swept', parseEther(amount).toString()]]);
        expect(await transfersFrom(server, cow, who.address)).toHaveLength(1);
        expect(await balanceOn(server, who.address, 'cow')).toBe(0n);
      }
      expect((await sweepsOf(b.address)).find((s) => s.currency === 'usdt')).toMatchObject({
        status: 'swept',
        amount: parseEther('20').toString(),
      });

      // The top-ups: exactly gas limit × price less what the address had just before, to the wei (b's second sweep
      // found the first one's unused gas there); none where the address had enough.
      for (const who of [a, b, e]) {
        for (const sweep of (await sweepsOf(who.address)).filter((s) => s.currency !== 'bnb')) {
          const txs = await server.repos.sweeps.transactionsOf(sweep.id);
          const topup = txs.find((t) => t.purpose === 'gas-topup' && t.status === 'confirmed');
          const transfer = txs.find((t) => t.purpose === 'sweep' && t.status === 'confirmed');
          const had = await sweepChainOf(server).balanceOf(who.address, null, (topup?.blockNumber ?? 1n) - 1n);
          expect(BigInt(topup?.amount ?? -1)).toBe(SWEEP_GAS.token * BigInt(topup?.gasPrice ?? 0) - had);
          expect(transfer?.gasPrice).toBe(topup?.gasPrice); // the transfer spends the gas it was given, at that price
          expect(sweep.gasTopup).toBe(topup?.amount);
        }
      }
      const [dCow] = (await sweepsOf(d.address)).filter((s) => s.currency === 'cow');
      expect((await server.repos.sweeps.transactionsOf(dCow?.id ?? 0n)).map((t) => t.purpose)).toEqual(['sweep']);

      // BNB: its balance less the gas, nothing left behind; the dust of e is not worth its gas.
      const [dBnb] = (await sweepsOf(d.address)).filter((s) => s.currency === 'bnb');
      expect(dBnb?.status).toBe('swept');
      expect(await balanceOn(server, d.address, 'bnb')).toBe(0n);
      const [eBnb] = (await sweepsOf(e.address)).filter((s) => s.currency === 'bnb');
      expect(eBnb).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/worth less than twice its gas/) });

      // Below minSweep: left at the address, reported skipped once however often the sweeper looks.
      expect((await sweepsOf(c.address)).map((s) => [s.status, s.reason])).toEqual([
        ['skipped', 'below treasury.minSweep.cow: 2 < 5 COW'],
      ]);
      await sweepUntilQuiet(server, sweeperOf(server, { log }));
      expect(await sweepsOf(c.address)).toHaveLength(1);
      expect(await balanceOn(server, c.address, 'cow')).toBe(parseEther('2'));

      // Hot stops at hotMax (100 COW); the other 100 arrived at the cold address.
      expect(await balanceOn(server, hot(), 'cow')).toBe(parseEther('100'));
      expect(await balanceOn(server, cold, 'cow')).toBe(parseEther('100'));
      // USDT below its hotMin: the alert.
      expect(alerts).toContainEqual(expect.objectContaining({ alert: 'hot-wallet-below-min', currency: 'usdt' }));

      // More arrives at c: 6 COW now, above the threshold, swept once.
      await sender.send(c.address, 'cow', '4');
      await creditConfirmedDeposits(server);
      await sweepUntilQuiet(server, sweeperOf(server, { log }));
      expect((await sweepsOf(c.address)).map((s) => [s.status, s.amount])).toEqual([
        ['skipped', parseEther('2').toString()],
        ['swept', parseEther('6').toString()],
      ]);
      await invariant();
      await noncesInStep();
    },
  );

  for (const point of ['afterTopupSent', 'afterSweepSigned', 'afterSweepSent'] as const) {
    it(`sweeps once when the sweeper is killed ${point}, then restarted`, SLOW, async () => {
      const who = await depositor();
      await sender.send(who.address, 'cow', '25');
      await creditConfirmedDeposits(server);
      const killed = sweeperOf(server, {
        owner: 'crashing',
        crashPoints: {
          [point]: () => {
            throw new SweepCrash(`killed ${point}`);
          },
        },
      });
      // Ticks until the crash point is reached (the top-up first needs its confirmations).
      let crashed = false;
      for (let i = 0; i < 6 && !crashed; i++) {
        try {
          await killed.tick();
          await server.evm.mine(DEPTH);
        } catch (error) {
          if (!(error instanceof SweepCrash)) throw error;
          crashed = true;
        }
      }
      expect(crashed).toBe(true);
      await sweepUntilQuiet(server, sweeperOf(server, { owner: 'restarted' }));
      await expectCowSweptOnce(server, who.address);
      await invariant();
      await noncesInStep();
    });
  }

  it('lets one of two sweepers work at a time', async () => {
    const first = sweeperOf(server, { owner: 'one', leaseMs: 60_000 });
    const second = sweeperOf(server, { owner: 'two', leaseMs: 60_000 });
    const results = await Promise.all([first.tick(), second.tick()]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['not-lease-holder', 'worked']);
    await first.release();
    await second.release();
  });

  it(
    'holds a sweep after repeated RPC failures with an alert; an operator retries one and skips the other',
    SLOW,
    async () => {
      const x = await depositor();
      const y = await depositor();
      await sender.send(x.address, 'cow', '11');
      await sender.send(y.address, 'cow', '12');
      await creditConfirmedDeposits(server);
      await sweeperOf(server).tick(); // plans both
      const [xSweep] = await sweepsOf(x.address);
      const [ySweep] = await sweepsOf(y.address);
      expect([xSweep?.status, ySweep?.status]).toEqual(['planned', 'planned']);

      // The RPC answers 429 to every gas price request.
      const real = sweepChainOf(server);
      const flaky = {
        ...real,
        gasPrice: async (): Promise<bigint> => {
          throw new Error('HTTP request failed. Status: 429 Too Many Requests');
        },
      };
      const alerts: Record<string, unknown>[] = [];
      const log = {
        warn: (f: Record<string, unknown>) => alerts.push(f),
        error: (f: Record<string, unknown>) => alerts.push(f),
      };
      const failing = sweeperOf(server, { chain: flaky, log, planEveryMs: 3_600_000, maxAttempts: 3 });
      // Each tick counts an attempt of each sweep; planning, which needs the price too, fails the tick itself.
      for (let i = 0; i < 3; i++) await expect(failing.tick()).rejects.toThrow(/429/);
      for (const s of [xSweep, ySweep]) {
        expect(await server.repos.sweeps.byId(s?.id ?? 0n)).toMatchObject({
          status: 'held',
          attempts: 3,
          lastError: expect.stringMatching(/429/),
        });
      }
      expect(alerts.filter((a) => a.alert === 'sweep-held')).toHaveLength(2);
      expect(await server.repos.sweeps.transactionsOf(xSweep?.id ?? 0n)).toEqual([]); // nothing was signed

      // A swept sweep can be neither retried nor skipped (81061); the reason's shape is the route's (treasury-ops test).
      const [done] = (await sweepsOf((await depositAddressOf(server, (await depositor()).user)) as string)).concat(
        (await server.repos.sweeps.withStatus('bsc', ['swept'])).slice(0, 1),
      );
      await expect(retrySweep(server.repos, done?.id ?? 0n, OPERATOR, 'again')).rejects.toMatchObject({ code: 81061 });
      await expect(skipSweep(server.repos, done?.id ?? 0n, OPERATOR, 'no')).rejects.toMatchObject({ code: 81061 });

      expect(await retrySweep(server.repos, xSweep?.id ?? 0n, OPERATOR, 'the RPC answers again')).toEqual({
        id: String(xSweep?.id),
        status: 'planned',
      });
      expect(await skipSweep(server.repos, ySweep?.id ?? 0n, OPERATOR, 'dust the user asked to keep')).toMatchObject({
        status: 'skipped',
      });
      await sweepUntilQuiet(server);
      expect((await sweepsOf(x.address)).map((s) => s.status)).toEqual(['swept']);
      // The skipped one stays skipped: the same amount is not planned again.
      expect((await sweepsOf(y.address)).map((s) => [s.status, s.reason])).toEqual([
        ['skipped', 'dust the user asked to keep'],
      ]);
      expect(await balanceOn(server, y.address, 'cow')).toBe(parseEther('12'));
      const audit = await server.database.db.execute(
        "SELECT action, target FROM operator_actions WHERE action LIKE 'sweep-%' ORDER BY id" as never,
      );
      const auditRows = Array.isArray(audit) ? audit : (audit as { rows: unknown[] }).rows;
      expect(auditRows).toEqual([
        { action: 'sweep-retry', target: `sweep:${xSweep?.id}` },
        { action: 'sweep-skip', target: `sweep:${ySweep?.id}` },
      ]);
      await invariant();
      await noncesInStep();
    },
  );

  it(
    'keeps on the hot wallet what waiting withdrawals will pay, above hotMax, and sends only the rest cold',
    SLOW,
    async () => {
      await sweepUntilQuiet(server);
      const hotBefore = await balanceOn(server, hot(), 'cow');
      const coldBefore = await balanceOn(server, cold, 'cow');
      // A withdrawal larger than hotMax (100 COW), not paid yet (no payout worker runs here): the hot wallet owes it.
      const payee = await signUp(server);
      await credit(server, payee.username, 'cow', '300');
      const receiver = privateKeyToAccount(generatePrivateKey()).address;
      const asked = await call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
        token: payee.token,
        body: await withdrawBody(payee, '250', receiver),
      });
      expect(asked.json.code).toBe(200);
      const owed = parseEther(await server.repos.withdrawals.owedByHotWallet('bsc', 'cow'));
      expect(owed).toBeGreaterThan(parseEther('100'));

      const f = await depositor();
      await sender.send(f.address, 'cow', '400');
      await creditConfirmedDeposits(server);
      await sweepUntilQuiet(server);
      // Hot keeps hotMax and the payout it owes; only the rest went cold.
      expect(await balanceOn(server, hot(), 'cow')).toBe(parseEther('100') + owed);
      expect(await balanceOn(server, cold, 'cow')).toBe(
        coldBefore + hotBefore + parseEther('400') - parseEther('100') - owed,
      );
      await invariant();
      await noncesInStep();
    },
  );
  // Last: the sweep it leaves failing would be held by the other tests' failing sweepers.
  it("names what an address holds short of its sweep in the currency's units, as operators read it", SLOW, async () => {
    const f = await depositor(); // its own BNB pays the gas: the sweep is signed in the tick after its plan
    await sender.send(f.address, 'cow', '13');
    await creditBnbDeposit(server, f.userId, f.address, await sender.send(f.address, 'bnb', '0.5'), '0.5');
    await creditConfirmedDeposits(server);
    await sweeperOf(server).tick(); // plans it
    const [planned] = (await sweepsOf(f.address)).filter((s) => s.currency === 'cow');
    expect(planned?.status).toBe('planned');
    // The token's balance reads 0 by the time the sweep is signed (moved by someone holding the key, or a node behind).
    const real = sweepChainOf(server);
    const emptied = {
      ...real,
      balanceOf: (address: `0x${string}`, token: `0x${string}` | null, block?: bigint) =>
        token ? Promise.resolve(0n) : real.balanceOf(address, token, block),
    };
    await sweeperOf(server, { chain: emptied, planEveryMs: 3_600_000 }).tick();
    expect((await server.repos.sweeps.byId(planned?.id ?? 0n))?.lastError).toBe(
      `${f.address} holds 0 COW, less than the 13 COW planned`,
    );
  });
});
