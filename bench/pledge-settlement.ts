import { jobRunner, migrate, pledgeSettlementJob, repositories, throwawayDatabase } from '@aidf/server';

const PLEDGES = Number(process.env.BENCH_PLEDGES ?? 200_000);
const USERS = 20_000;

/**
 * Pledges settled per second by the `pledge-settlement` job: PLEDGES running pledges of USERS users, seeded in
 * a few set-based statements, then one day run as the runner runs it (batches of set-based statements).
 */
export async function pledgeSettlementThroughput(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  try {
    await migrate(database);
    const repos = repositories(database.db);
    const start = new Date().toISOString().slice(0, 10);
    await database.withSession(async (session) => {
      await session.query(`INSERT INTO users (username) SELECT 'bench' || i FROM generate_series(1, $1::int) AS i`, [
        USERS,
      ]);
      // Each pledger has its normal AIDF account, as createPledge makes sure.
      await session.exec(
        `INSERT INTO accounts (kind, owner_user_id, currency, submode) SELECT 'user', id, 'aidf', '00' FROM users`,
      );
      await session.exec(`INSERT INTO movements (type, idem_key, ref) VALUES ('cow-fund-buy', 'bench-seed', 'bench')`);
      await session.query(
        `INSERT INTO pledges (user_id, amount, days, rate, submode, start_day, end_day, idem_key, movement_id)
         SELECT (SELECT min(id) FROM users) + (i % $1::int), 100 + (i % 997) + 0.123456789, d.days, 6, '00',
                $2::date, $2::date + d.days, 'bench:' || i, (SELECT id FROM movements WHERE idem_key = 'bench-seed')
         FROM generate_series(1, $3::int) AS i, LATERAL (SELECT (ARRAY[30, 90, 180, 365])[1 + i % 4] AS days) d`,
        [USERS, start, PLEDGES],
      );
    });
    // The steady state the job meets in production, where these rows are days old: vacuumed and analyzed.
    // Without this the measurement also times autovacuum's first pass over the rows seeded a second ago.
    await database.withSession((session) => session.exec('VACUUM ANALYZE users, accounts, movements, pledges'));
    const runner = jobRunner({ repos, jobs: [pledgeSettlementJob()] });
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const began = performance.now();
    const outcome = await runner.runDay('pledge-settlement', day);
    const seconds = (performance.now() - began) / 1000;
    const items = outcome.status === 'done' ? outcome.items : 0;
    return { database: database.kind, pledges: items, seconds, perSecond: items / seconds };
  } finally {
    await database.close();
    await database.drop();
  }
}
