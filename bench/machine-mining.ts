import { jobRunner, machineMiningJob, migrate, repositories, throwawayDatabase } from '@aidf/server';

const MACHINES = Number(process.env.BENCH_MACHINES ?? 200_000);

/**
 * Machines mined per second by the `machine-mining` job: MACHINES running machines, one per user (a
 * user has at most one running machine), seeded in a few set-based statements with their paid orders, then one
 * day run as the runner runs it (batches of set-based statements, the users' AIDF accounts made on the way).
 */
export async function machineMiningThroughput(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  try {
    await migrate(database);
    const repos = repositories(database.db);
    const start = new Date().toISOString().slice(0, 10);
    await database.withSession(async (session) => {
      await session.query(`INSERT INTO users (username) SELECT 'miner' || i FROM generate_series(1, $1::int) AS i`, [
        MACHINES,
      ]);
      await session.exec(`
        INSERT INTO machine_orders (user_id, item_id, worth, status, expires_at, closed_at)
        SELECT u.id, (SELECT min(id) FROM machine_price_items), 100 + (u.id % 9) * 100, 1, now(), now()
        FROM users u;
        INSERT INTO machine_order_amounts (order_id, currency, price) SELECT id, 'usdt', 100 FROM machine_orders`);
      // Each machine's owner has its normal AIDF account, as order-lifecycle.ts makes sure.
      await session.exec(
        `INSERT INTO accounts (kind, owner_user_id, currency, submode) SELECT 'user', id, 'aidf', '00' FROM users`,
      );
      await session.query(
        `INSERT INTO machines (user_id, order_id, worth, daily_income, cap, start_day)
         SELECT o.user_id, o.id, o.worth, o.worth * 0.01, o.worth * 2, $1::date FROM machine_orders o`,
        [start],
      );
    });
    // The steady state the job meets in production, where these rows are days old: vacuumed and analyzed.
    // Without this the measurement also times autovacuum's first pass over the rows seeded a second ago.
    await database.withSession((session) => session.exec('VACUUM ANALYZE users, machine_orders, accounts, machines'));
    const runner = jobRunner({ repos, jobs: [machineMiningJob()] });
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const began = performance.now();
    const outcome = await runner.runDay('machine-mining', day);
    const seconds = (performance.now() - began) / 1000;
    const items = outcome.status === 'done' ? outcome.items : 0;
    return { database: database.kind, machines: items, seconds, perSecond: items / seconds };
  } finally {
    await database.close();
    await database.drop();
  }
}
