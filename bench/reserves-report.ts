import { verifyInclusionProof } from '@aidf/contract';
import { migrate, reservesProofOf, runReservesReport, throwawayDatabase } from '@aidf/server';

const USERS = Number(process.env.BENCH_RESERVES_USERS ?? 100_000);
const PROOFS = 200;

/**
 * Issue 25 item 7: one reserves report over USERS users, each with balances in four currencies and frozen AIDF
 * (seeded set-based, straight into the accounts with the operator-credit account balancing them), and the time
 * of one user's proof read from the stored tree.
 */
export async function reservesReportTime(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  try {
    await migrate(database);
    await database.withSession(async (s) => {
      await s.query(`INSERT INTO users (username) SELECT 'rr' || i FROM generate_series(1, $1::int) AS i`, [USERS]);
      await s.exec(`
        INSERT INTO accounts (kind, owner_user_id, currency, submode, balance)
        SELECT 'user', u.id, c.currency, c.submode, (u.id % 997) * c.unit
        FROM users u, (VALUES ('usdt', '00', 1.000001), ('cow', '00', 3.5), ('bnb', '00', 0.000000000000000007),
                              ('aidf', '00', 2), ('aidf', '16', 0.25)) AS c(currency, submode, unit);
        INSERT INTO accounts (kind, platform_code, currency, submode, balance)
        SELECT 'platform', 'operator-credit', currency, '00', -sum(balance) FROM accounts WHERE kind = 'user'
        GROUP BY currency;
        ANALYZE`);
    });
    const started = performance.now();
    const report = await runReservesReport(database.db);
    const reportSeconds = (performance.now() - started) / 1000;
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
      reportSeconds,
      proofP50: times[Math.floor(times.length / 2)] ?? 0,
      proofP99: times[Math.floor(times.length * 0.99)] ?? 0,
    };
  } finally {
    await database.close();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await reservesReportTime(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL));
}
