import { Money } from '@aidf/contract';
import {
  migrate,
  onMachinePurchased,
  PLATFORM,
  platformAccount,
  postPrepared,
  prepareMovement,
  repositories,
  throwawayDatabase,
  userAccount,
} from '@aidf/server';

const USERS = Number(process.env.BENCH_TEAM_USERS ?? 1_000_000);
const LINE = 1_000;
const BUYERS = 20;
const PURCHASES = Number(process.env.BENCH_TEAM_PURCHASES ?? 300);
const LEVEL_VOLUMES = ['0', '1000', '5000', '20000', '50000', '100000', '300000', '1000000'];

/**
 * The latency of one whole machine purchase (the buyer's payment movement, then onMachinePurchased:
 * volumes, levels and bonuses of the line, in one transaction) in a tree of USERS users where the buyer has a
 * line of LINE uplines. The tree is built set-based with generate_series: a chain of LINE users (levels rising
 * towards the top, several of each, so level differences and peer bonuses are paid), BUYERS buyers under its
 * last member, and everyone else directly under its first member (closure rows: LINE²/2 for the chain, LINE per
 * buyer, one per other user: about 1.5 million).
 */
export async function teamBonusLatency(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  try {
    await migrate(database);
    const repos = repositories(database.db);
    const seedStarted = performance.now();
    await database.withSession(async (s) => {
      await s.query(`INSERT INTO users (username) SELECT 'tb' || i FROM generate_series(1, $1::int) AS i`, [USERS]);
      // Chain members are the first LINE ids, buyers the next BUYERS, the rest the shallow branches.
      await s.query(
        `WITH b AS (SELECT min(id) AS base FROM users)
         UPDATE users u SET inviter_id = CASE
           WHEN u.id - b.base BETWEEN 1 AND $1::int - 1 THEN u.id - 1
           WHEN u.id - b.base BETWEEN $1::int AND $1::int + $2::int - 1 THEN b.base + $1::int - 1
           WHEN u.id - b.base >= $1::int + $2::int THEN b.base END
         FROM b`,
        [LINE, BUYERS],
      );
      await s.query(
        `WITH b AS (SELECT min(id) AS base FROM users)
         INSERT INTO team_tree (ancestor_id, descendant_id, depth)
         SELECT b.base + a, b.base + d, d - a FROM b, generate_series(0, $1::int - 1) AS d, generate_series(0, $1::int - 1) AS a
         WHERE a < d
         UNION ALL
         SELECT b.base + a, b.base + $1::int + k, $1::int - a FROM b, generate_series(0, $2::int - 1) AS k, generate_series(0, $1::int - 1) AS a
         UNION ALL
         SELECT b.base, u.id, 1 FROM b, users u WHERE u.id - b.base >= $1::int + $2::int`,
        [LINE, BUYERS],
      );
      // Levels along the line: level 7 at the top down to level 1 near the buyers, ~143 uplines per level.
      await s.query(
        `WITH b AS (SELECT min(id) AS base FROM users)
         INSERT INTO team_stats (user_id, direct_count, team_volume, level)
         SELECT b.base + i, CASE WHEN i = 0 THEN $2::int - $1::int ELSE 10 END,
                ($3::numeric[])[lv + 1], lv
         FROM b, generate_series(0, $1::int - 1) AS i, LATERAL (SELECT 7 - (i * 7 / $1::int) AS lv) l`,
        [LINE, USERS, `{${LEVEL_VOLUMES.join(',')}}`],
      );
      await s.exec('ANALYZE');
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const [base] = await database.withSession((s) =>
      s.query<{ base: string }>('SELECT min(id)::text AS base FROM users'),
    );
    const buyer = (k: number) => BigInt(base?.base ?? '0') + BigInt(LINE + (k % BUYERS));
    let order = 0n;
    const purchase = async (k: number) => {
      order++;
      const buyerId = buyer(k);
      const movement = await prepareMovement(repos, {
        type: 'cow-ai-maching-buy',
        idemKey: `bench-buy:${order}`,
        lines: [
          { account: platformAccount(PLATFORM.operatorCredit, 'usdt'), amount: new Money('-100') },
          { account: userAccount(buyerId, 'usdt'), amount: new Money('100') },
        ],
      });
      const began = performance.now();
      await repos.transaction(async (tx) => {
        await tx.users.lockForMoney([buyerId]);
        await postPrepared(tx, movement);
        await onMachinePurchased(tx, { orderId: order, buyerId, worth: '100', at: new Date() });
      });
      return performance.now() - began;
    };
    for (let k = 0; k < 10; k++) await purchase(k); // warm-up: the line's AIDF accounts are created here
    const times: number[] = [];
    for (let k = 0; k < PURCHASES; k++) times.push(await purchase(k));
    times.sort((x, y) => x - y);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    const [bonuses] = await database.withSession((s) =>
      s.query<{ n: string }>(`SELECT count(*)::text AS n FROM team_bonuses WHERE order_id = $1`, [String(order)]),
    );
    return {
      database: database.kind,
      users: USERS,
      line: LINE,
      seedSeconds,
      purchases: PURCHASES,
      p50: at(0.5),
      p99: at(0.99),
      bonusesPerPurchase: Number(bonuses?.n ?? 0),
    };
  } finally {
    await database.close();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await teamBonusLatency(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL));
}
