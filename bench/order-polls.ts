import { DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { buildApp, createSession, loadConfig, migrate, repositories, throwawayDatabase } from '@aidf/server';
import autocannon from 'autocannon';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

/**
 * Order-status polls per second (issue 11): ORDERS users each with an order awaiting payment (seeded set-based),
 * polled with GET /v1/cow/home/order/{orderId} by random users through the whole stack (request signature,
 * session, the order view with its hints and unconfirmed payments). The target: one instance holds ORDERS orders
 * polled every 3 s (ORDERS / 3 polls a second) with p99 under 50 ms.
 */
export async function orderPollThroughput(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  try {
    await migrate(database);
    const repos = repositories(database.db);
    await database.withSession(async (session) => {
      await session.query(`INSERT INTO users (username) SELECT 'poller' || i FROM generate_series(1, $1::int) AS i`, [
        ORDERS,
      ]);
      await session.exec(`
        INSERT INTO machine_orders (user_id, item_id, worth, bnb_amount, sol_amount, usdt_amount, eoeo_amount,
                                    lack_bnb, status, expires_at)
        SELECT u.id, (SELECT min(id) FROM machine_price_items), 100, 0.15, 0, 0, 0, 0.1, 0, now() + interval '1 day'
        FROM users u`);
    });
    const rows = await database.withSession((s) =>
      s.query<{ id: string; user: string }>(
        'SELECT id::text AS id, user_id::text AS user FROM machine_orders ORDER BY id',
      ),
    );
    const pollers: { path: string; token: string }[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      const tokens = await Promise.all(chunk.map((r) => createSession(repos, BigInt(r.user))));
      chunk.forEach((r, j) => {
        pollers.push({ path: `/v1/cow/home/order/${r.id}`, token: tokens[j] as string });
      });
    }
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: ':memory:' }),
      database,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const request = () => {
        const poller = pollers[Math.floor(Math.random() * pollers.length)] as (typeof pollers)[number];
        const timestamp = String(Date.now());
        const signature = requestSignature({
          pathWithQuery: poller.path,
          body: '',
          timestamp,
          secret: DEV_REQUEST_SIGN_SECRET,
        });
        return {
          method: 'GET' as const,
          path: poller.path,
          headers: { authorization: poller.token, timestamp, signature, language: 'en' },
        };
      };
      const options = { url, connections: CONNECTIONS, requests: [{ setupRequest: request }] };
      await autocannon({ ...options, duration: 1 }); // warm-up
      const result = await autocannon({ ...options, duration: DURATION_S });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`order polls: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      return {
        database: database.kind,
        orders: pollers.length,
        rps: result.requests.average,
        p99: result.latency.p99,
        needed: pollers.length / 3,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await database.drop();
  }
}
