import { randomBytes } from 'node:crypto';
import { fromBaseUnits, toBaseUnits, verifyInclusionProof } from '@aidf/contract';
import { startEvmDevChain } from '@aidf/devchain';
import { loadConfig, migrate, repositories, reservesProofOf, runReservesReport, throwawayDatabase } from '@aidf/server';
import { chainServices } from '../apps/server/src/chain/chain-services.ts';
import { pointTokenConfigAt } from '../apps/server/src/dev/dev-chains.ts';

const USERS = Number(process.env.BENCH_RESERVES_USERS ?? 100_000);
const UNSWEPT = Number(process.env.BENCH_RESERVES_UNSWEPT ?? 10_000);
const PROOFS = 200;
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const DEPTH = 15;
/** hardhat_setBalance calls per JSON-RPC batch. */
const FUND_BATCH = 500;

/**
 * The reserves report over USERS users, each with balances in four currencies and frozen AIDF (seeded set-based,
 * straight into the accounts with the operator-credit account balancing them), timed twice: the ledger side
 * alone (liabilities and the Merkle sum tree), then with the chain reads over UNSWEPT deposit addresses on the
 * Hardhat dev chain, each holding BNB a credited deposit left there (Multicall3: the native balance and four
 * tokens' balanceOf per address, at one block). The report must balance to the wei, or the bench throws. Then
 * the time of one user's proof read from the stored tree.
 */
export async function reservesReportTime(adminUrl?: string) {
  const evm = await startEvmDevChain();
  const database = await throwawayDatabase(adminUrl);
  try {
    await migrate(database);
    const repos = repositories(database.db);
    await pointTokenConfigAt(repos, evm);
    await database.withSession(async (s) => {
      await s.query(`INSERT INTO users (username) SELECT 'rr' || i FROM generate_series(1, $1::int) AS i`, [USERS]);
      await s.exec(`
        INSERT INTO accounts (kind, owner_user_id, currency, submode, balance)
        SELECT 'user', u.id, c.currency, c.submode, (u.id % 997) * c.unit
        FROM users u, (VALUES ('usdt', '00', 1.000001), ('cow', '00', 3.5), ('bnb', '00', 0.000000000000000007),
                              ('aidf', '00', 2), ('aidf', '16', 0.25)) AS c(currency, submode, unit);
        INSERT INTO accounts (kind, platform_code, currency, submode, balance)
        SELECT 'platform', 'operator-credit', currency, '00', -sum(balance) FROM accounts WHERE kind = 'user'
        GROUP BY currency`);
    });
    const deposited = await seedUnsweptDeposits(database, evm.rpcUrl);
    await evm.mine(DEPTH); // the report reads at the confirmed head, after the balances were set
    await database.withSession((s) => s.exec('ANALYZE'));

    const ledgerStarted = performance.now();
    await runReservesReport(database.db);
    const ledgerSeconds = (performance.now() - ledgerStarted) / 1000;

    const chains = chainServices(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', BSC_RPC_URL: evm.rpcUrl }),
      DEV_MNEMONIC,
    );
    const started = performance.now();
    const report = await runReservesReport(database.db, { chains });
    const reportSeconds = (performance.now() - started) / 1000;
    const bsc = (
      report.chainHoldings as Record<string, { unswept: Record<string, string>; addresses: { deposit: number } }>
    ).bsc;
    if (report.status !== 'complete' || bsc?.addresses.deposit !== UNSWEPT) {
      throw new Error(`the report did not read every address: ${report.status}, ${JSON.stringify(report.alerts)}`);
    }
    if (bsc.unswept.bnb !== fromBaseUnits(deposited, 18)) {
      throw new Error(`read ${bsc.unswept.bnb} BNB not yet swept, deposited ${fromBaseUnits(deposited, 18)}`);
    }

    const [first] = await database.withSession((s) => s.query<{ id: string }>('SELECT min(id)::text AS id FROM users'));
    const times: number[] = [];
    for (let k = 0; k < PROOFS; k++) {
      const userId = BigInt(first?.id ?? '1') + BigInt((k * 7919) % USERS);
      const began = performance.now();
      const { proof } = await reservesProofOf(database.db, userId);
      times.push(performance.now() - began);
      if (!verifyInclusionProof(proof).ok) throw new Error(`the proof of user ${userId} does not verify`);
    }
    times.sort((a, b) => a - b);
    return {
      database: database.kind,
      users: report.userCount,
      depth: report.treeDepth,
      unswept: UNSWEPT,
      ledgerSeconds,
      reportSeconds,
      proofP50: times[Math.floor(times.length / 2)] ?? 0,
      proofP99: times[Math.floor(times.length * 0.99)] ?? 0,
    };
  } finally {
    await database.close();
    await database.drop();
    await evm.close();
  }
}

/**
 * UNSWEPT deposit addresses of the first users, each credited a different BNB amount (one `chain_deposits` row;
 * the chain's clearing account booked against operator credit, as a report sees a credited deposit) and holding
 * exactly that on the dev chain. Answers the wei deposited in all.
 */
async function seedUnsweptDeposits(database: Awaited<ReturnType<typeof throwawayDatabase>>, rpcUrl: string) {
  const deposits = Array.from({ length: UNSWEPT }, (_, i) => ({
    address: `0x${randomBytes(20).toString('hex')}`,
    wei: toBaseUnits('0.001', 18) * BigInt((i % 97) + 1) + BigInt(i),
  }));
  const total = deposits.reduce((sum, d) => sum + d.wei, 0n);
  await database.withSession(async (s) => {
    await s.exec(`INSERT INTO movements (type, idem_key) VALUES ('chain-recharge', 'bench-unswept')`);
    await s.query(
      `INSERT INTO chain_deposits (chain, genesis_hash, tx_hash, event_index, block_number, block_hash, user_id,
         currency, token_contract, from_address, to_address, amount, movement_id)
       SELECT 'bsc', 'bench', 'bench-' || d.n, 'native', 1, NULL, u.id, 'bnb', NULL, NULL, d.address,
         d.wei::numeric / 1e18, (SELECT id FROM movements WHERE idem_key = 'bench-unswept')
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS d(address, wei, n)
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) u ON u.n = d.n`,
      [deposits.map((d) => d.address), deposits.map((d) => d.wei.toString())],
    );
    const bnb = fromBaseUnits(total, 18);
    await s.query(
      `INSERT INTO accounts (kind, platform_code, currency, submode, balance) VALUES ('platform', 'chain-bsc', 'bnb', '00', -$1::numeric)`,
      [bnb],
    );
    await s.query(
      `UPDATE accounts SET balance = balance + $1::numeric
       WHERE kind = 'platform' AND platform_code = 'operator-credit' AND currency = 'bnb'`,
      [bnb],
    );
  });
  for (let at = 0; at < deposits.length; at += FUND_BATCH) {
    const batch = deposits.slice(at, at + FUND_BATCH).map((d, k) => ({
      jsonrpc: '2.0',
      id: at + k,
      method: 'hardhat_setBalance',
      params: [d.address, `0x${d.wei.toString(16)}`],
    }));
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    const answers = (await res.json()) as { error?: { message: string } }[];
    const failed = answers.find((a) => a.error);
    if (failed) throw new Error(`hardhat_setBalance: ${failed.error?.message}`);
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await reservesReportTime(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL));
}
