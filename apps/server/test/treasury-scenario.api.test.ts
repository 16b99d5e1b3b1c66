import { fromBaseUnits, toBaseUnits } from '@aidf/contract';
import { type SolanaDevChain, sendInstructions, splTransferInstructions, startSolanaDevChain } from '@aidf/devchain';
import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_GAS } from '../src/chain/evm/evm-sweep-chain.ts';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import {
  balanceOn,
  DEPTH,
  depositAddressOf,
  outsideWallet,
  sweepChainOf,
  sweeperOf,
  sweepUntilQuiet,
} from './treasury-bsc.ts';
import { FINALIZED_DEPTH, type Report, scenarioSteps } from './treasury-scenario-steps.ts';
import { type Account, balanceOf, credit, ops, signUp, withdrawBody } from './users.ts';
import { solanaWallet } from './wallets.ts';

const BSC_USERS = 20;
const SOLANA_USERS = 10;
const SLOW = { timeout: 240_000 };

/**
 * The treasury end to end on both dev chains (docs/architecture.md "Treasury"): 30 users deposit from outside
 * wallets (COW, USDT and BNB on BNB Smart Chain; SOL and USDT on Solana), the deposit watchers credit them, the
 * hot wallets' gas money is booked through the operators' funding route, the sweepers collect every amount above
 * its threshold once and skip the rest, the hot wallet stops at its hotMax and the rest goes cold, a withdrawal
 * larger than the hot wallet's COW waits until a sweep covers it. After every step a reserves report that reads the
 * chains is complete and each chain holds, per currency, exactly what its clearing account says (difference "0").
 */
describe('[api] treasury scenario: 30 users, both dev chains, sweeps, cold, a waiting withdrawal, reserves', () => {
  let server: ChainTestServer;
  let solana: SolanaDevChain;
  let solSender: KeyPairSigner;
  let bscSender: Awaited<ReturnType<typeof outsideWallet>>;
  const bscUsers: { account: Account; address: `0x${string}`; cow: bigint; usdt: bigint; bnb: bigint }[] = [];
  const solUsers: { account: Account; address: string }[] = [];
  const bscCold = privateKeyToAccount(generatePrivateKey()).address;
  let solCold: string;
  const reports: Report[] = [];

  const { rpc, finalize, set, scanBoth, balancedReport, sweepRows, sweepSolana, payouts, withdrawalOf } = scenarioSteps(
    {
      server: () => server,
      solana: () => solana,
      reports,
    },
  );

  beforeAll(async () => {
    solana = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    server = await startChainTestServer({ SOLANA_RPC_URL: solana.rpcUrl });
    await server.repos.tokenConfigs.setContract('sol', 'usdt', solana.usdtMint, 6);
    solCold = (await generateKeyPairSigner()).address;
    solSender = await generateKeyPairSigner();
    await solana.fund(solSender.address, { sol: '100', usdt: '10000' });
    bscSender = await outsideWallet(server);
    await set(TREASURY_SETTINGS.minSweep('cow'), '5');
    await set(TREASURY_SETTINGS.minSweep('usdt'), '5');
    await set(TREASURY_SETTINGS.minSweep('sol'), '0.01');
    finalize();
  }, SLOW.timeout);
  afterAll(async () => {
    await server?.close();
    await solana?.close();
  });

  it('before anything: the chains hold what the clearing accounts say', async () => {
    const report = await balancedReport('start');
    expect(report.chainHoldings.bsc.total.cow).toBe('0');
  });

  it('books the hot wallets’ gas money through the funding route, BNB and SOL', async () => {
    const hot = sweepChainOf(server).hotWallet;
    const sent = await bscSender.send(hot, 'bnb', '10');
    await server.evm.mine(DEPTH);
    const bnb = await ops(server, 'POST', '/ops/v1/treasury/fundings', {
      chain: 'bsc',
      currency: 'bnb',
      amount: '10',
      txHash: sent.hash,
      reason: 'gas money for the sweeps',
    });
    expect(bnb.status, JSON.stringify(bnb.json)).toBe(200);

    const solHot = server.app.chains.solana?.hotWalletAddress as Address;
    const signature = await sendInstructions(rpc(), solSender, [
      getTransferSolInstruction({ source: solSender, destination: solHot, amount: 1_000_000_000n }),
    ]);
    finalize();
    const sol = await ops(server, 'POST', '/ops/v1/treasury/fundings', {
      chain: 'solana',
      currency: 'sol',
      amount: '1',
      txHash: signature,
      reason: 'fees for the Solana sweeps',
    });
    expect(sol.status, JSON.stringify(sol.json)).toBe(200);
    await balancedReport('funded');
  });

  it('30 users deposit on both chains; the watchers credit them; an operator credit is named apart', SLOW, async () => {
    for (let i = 0; i < BSC_USERS; i++) {
      const account = await signUp(server);
      const address = await depositAddressOf(server, account);
      // Every fourth COW deposit is below minSweep (5); one USDT is; some BNB, with every decimal place used.
      const cow = i % 4 === 0 ? '2' : `${10 + i}.00000000000000000${i % 10}`;
      const usdt = i % 3 === 0 ? '20' : i === 1 ? '1' : null;
      const bnb = i % 5 === 1 ? '0.5' : null;
      await bscSender.send(address, 'cow', cow);
      if (usdt) await bscSender.send(address, 'usdt', usdt);
      if (bnb) await bscSender.send(address, 'bnb', bnb);
      bscUsers.push({
        account,
        address,
        cow: parseEther(cow),
        usdt: usdt ? parseEther(usdt) : 0n,
        bnb: bnb ? parseEther(bnb) : 0n,
      });
    }
    for (let i = 0; i < SOLANA_USERS; i++) {
      const account = await signUp(server, solanaWallet());
      const answer = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${account.mid}/A`, {
        method: 'GET',
        token: account.token,
      });
      const address = answer.json.data.address as string;
      solUsers.push({ account, address });
      // The last one's SOL and USDT are both below their minSweep.
      const lamports = i === SOLANA_USERS - 1 ? 1_000_000n : 200_000_000n + BigInt(i) * 100_000_001n;
      const usdt = i === SOLANA_USERS - 1 ? 500_000n : 10_000_000n + BigInt(i) * 1_000_001n;
      await sendInstructions(rpc(), solSender, [
        getTransferSolInstruction({ source: solSender, destination: address as Address, amount: lamports }),
      ]);
      await sendInstructions(
        rpc(),
        solSender,
        await splTransferInstructions(solSender, address as Address, solana.usdtMint as Address, usdt),
      );
    }
    await scanBoth();
    for (const u of bscUsers) {
      expect(await balanceOf(server, u.account, 'cow')).toBe(fromBaseUnits(u.cow, 18));
      expect(await balanceOf(server, u.account, 'bnb')).toBe(fromBaseUnits(u.bnb, 18));
    }
    expect(await balanceOf(server, solUsers[0]?.account as Account, 'sol')).toBe('0.2');
    expect(await balanceOf(server, solUsers[1]?.account as Account, 'usdt')).toBe('11.000001');

    const before = await balancedReport('deposited');
    const depositedCow = bscUsers.reduce((sum, u) => sum + u.cow, 0n);
    expect(before.chainHoldings.bsc.unswept.cow).toBe(fromBaseUnits(depositedCow, 18));
    expect(before.liabilities.cow).toBe(fromBaseUnits(depositedCow, 18));
    expect(before.alerts.shortfall).toEqual([]);

    // An operator credit: 50 COW owed with nothing on any chain behind it. The chains still balance against their
    // clearing accounts (it touched none); the report names it apart and the 'all' ratio shows the shortfall.
    await credit(server, bscUsers[1]?.account.username as string, 'cow', '50');
    const after = await balancedReport('operator credit');
    expect(after.operatorCredits.cow).toBe('50');
    expect(after.issuance.cow).toBe('0');
    expect(after.liabilities.cow).toBe(fromBaseUnits(depositedCow + parseEther('50'), 18));
    expect(after.alerts.shortfall).toContainEqual({
      currency: 'cow',
      holdings: fromBaseUnits(depositedCow, 18),
      liabilities: fromBaseUnits(depositedCow + parseEther('50'), 18),
    });
    const metrics = await (
      await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` } })
    ).text();
    const ratio = metrics.match(/aidf_reserves_ratio\{chain="all",currency="cow"\} ([0-9.e-]+)/)?.[1];
    expect(Number(ratio)).toBeCloseTo(Number(depositedCow) / Number(depositedCow + parseEther('50')), 9);
    expect(metrics).toMatch(/aidf_reserves_ratio\{chain="bsc",currency="cow"\} 1\n/);
  });

  it(
    'sweeps every amount above its threshold once, tops up exactly the shortfall, skips the rest, stops hot at hotMax',
    SLOW,
    async () => {
      await set(TREASURY_SETTINGS.hotMax('bsc', 'cow'), '100');
      await set(TREASURY_SETTINGS.coldAddress('bsc'), bscCold);
      await set(TREASURY_SETTINGS.hotMax('solana', 'usdt'), '20');
      await set(TREASURY_SETTINGS.coldAddress('solana'), solCold);
      await sweepUntilQuiet(server, sweeperOf(server), 20);
      // The Solana sweeper plans its to-cold sweep from the finalized hot balance: a second round moves it.
      await sweepSolana();
      finalize();
      await sweepSolana();

      const rows = await sweepRows('bsc');
      const deposits = rows.filter((r) => r.kind === 'deposit');
      for (const u of bscUsers) {
        const of = (currency: string) =>
          deposits.filter((r) => r.from_address.toLowerCase() === u.address.toLowerCase() && r.currency === currency);
        const expected = (amount: bigint, min: bigint) =>
          amount === 0n ? [] : [[amount >= min ? 'swept' : 'skipped', amount.toString()]];
        expect(of('cow').map((r) => [r.status, r.amount])).toEqual(expected(u.cow, parseEther('5')));
        expect(of('usdt').map((r) => [r.status, r.amount])).toEqual(expected(u.usdt, parseEther('5')));
        expect(of('bnb').map((r) => r.status)).toEqual(u.bnb > 0n ? ['swept'] : []);
        expect(await balanceOn(server, u.address, 'cow')).toBe(u.cow >= parseEther('5') ? 0n : u.cow);
      }
      // Each top-up is the gas limit × price less what the address had just before it, to the wei.
      let topups = 0;
      for (const sweep of deposits.filter((r) => r.currency !== 'bnb' && r.status === 'swept')) {
        const txs = await server.repos.sweeps.transactionsOf(BigInt(sweep.id));
        const topup = txs.find((t) => t.purpose === 'gas-topup' && t.status === 'confirmed');
        if (!topup) continue;
        topups++;
        const had = await sweepChainOf(server).balanceOf(
          sweep.from_address as `0x${string}`,
          null,
          (topup.blockNumber ?? 1n) - 1n,
        );
        expect(BigInt(topup.amount ?? -1)).toBe(SWEEP_GAS.token * BigInt(topup.gasPrice ?? 0) - had);
      }
      expect(topups).toBeGreaterThan(0);
      // Hot stops at its maximum; the rest of what was swept arrived at the cold address.
      const sweptCow = bscUsers.reduce((sum, u) => sum + (u.cow >= parseEther('5') ? u.cow : 0n), 0n);
      expect(await balanceOn(server, sweepChainOf(server).hotWallet, 'cow')).toBe(parseEther('100'));
      expect(await balanceOn(server, bscCold, 'cow')).toBe(sweptCow - parseEther('100'));
      expect(rows.filter((r) => r.kind === 'to-cold' && r.currency === 'cow').map((r) => r.status)).toContain('swept');

      const sol = await sweepRows('solana');
      const last = solUsers[SOLANA_USERS - 1]?.address;
      expect(sol.filter((r) => r.from_address === last).map((r) => r.status)).toEqual(['skipped', 'skipped']);
      expect(sol.filter((r) => r.kind === 'deposit' && r.from_address !== last && r.status === 'swept')).toHaveLength(
        2 * (SOLANA_USERS - 1),
      );

      // Once: another round plans nothing new.
      const counts = [(await sweepRows('bsc')).length, sol.length];
      await sweepUntilQuiet(server, sweeperOf(server), 20);
      await sweepSolana();
      expect([(await sweepRows('bsc')).length, (await sweepRows('solana')).length]).toEqual(counts);

      const report = await balancedReport('swept');
      // Solana too: the hot wallet keeps its 20 USDT, the rest of the 126.000036 swept is at the cold address.
      expect(report.chainHoldings.solana.hot.usdt).toBe('20');
      expect(report.chainHoldings.solana.cold.usdt).toBe('106.000036');
      expect(report.chainHoldings.bsc.hot.cow).toBe('100');
      expect(report.chainHoldings.bsc.unswept.cow).toBe(
        fromBaseUnits(
          bscUsers.reduce((sum, u) => sum + (u.cow < parseEther('5') ? u.cow : 0n), 0n),
          18,
        ),
      );
    },
  );

  it('a withdrawal larger than the hot wallet’s COW waits, then is paid after a sweep covers it', SLOW, async () => {
    // The withdrawer: a user with the operator credit and a deposit, given more to withdraw than hot holds.
    const withdrawer = bscUsers[1] as (typeof bscUsers)[number];
    await bscSender.send(withdrawer.address, 'cow', '200');
    await scanBoth();
    await balancedReport('big deposit credited');
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const res = await call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
      token: withdrawer.account.token,
      body: await withdrawBody(withdrawer.account, '150', receiver),
    });
    expect(res.json.code, JSON.stringify(res.json)).toBe(200);
    const id = res.json.data.id as string;
    expect(await payouts().tick()).toMatchObject({ awaiting: 1 });
    expect((await withdrawalOf(id))?.status).toBe('awaiting-funds');
    await balancedReport('awaiting funds');

    // The operator raises the hot wallet's maximum; the next sweep brings the 200 COW to the hot wallet.
    await set(TREASURY_SETTINGS.hotMax('bsc', 'cow'), '1000');
    await sweepUntilQuiet(server, sweeperOf(server), 20);
    expect(await balanceOn(server, sweepChainOf(server).hotWallet, 'cow')).toBe(parseEther('300'));
    await payouts().tick();
    expect((await withdrawalOf(id))?.status).toBe('sent');
    await server.evm.mine(DEPTH);
    await payouts().tick();
    expect((await withdrawalOf(id))?.status).toBe('confirmed');
    expect(await balanceOn(server, receiver, 'cow')).toBeGreaterThan(0n);
    const report = await balancedReport('paid');
    expect(report.chainHoldings.bsc.hot.cow).toBe(
      fromBaseUnits(parseEther('300') - (await balanceOn(server, receiver, 'cow')), 18),
    );
  });

  it('ledger:check holds at the end, and every report along the way balanced', async () => {
    expect((await checkLedger(server.repos)).ok).toBe(true);
    // The gas top-ups the hot wallet sent to deposit addresses were not credited to anyone as BNB deposits.
    for (const u of bscUsers) expect(await balanceOf(server, u.account, 'bnb')).toBe(fromBaseUnits(u.bnb, 18));
    expect(reports.length).toBeGreaterThanOrEqual(8);
    expect(toBaseUnits(reports.at(-1)?.chainHoldings.bsc.cold.cow ?? '0', 18)).toBeGreaterThan(0n);
  });
});
