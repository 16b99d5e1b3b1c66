import { DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { buildApp, listAnnouncements, loadConfig, openDatabase, prepareDatabase } from '@aidf/server';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

async function load(url: string, method: 'GET' | 'POST', headers: Record<string, string> = {}) {
  // A short warm-up, so JIT and caches settle before the measured run.
  await autocannon({ url, method, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, method, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The announcement list against a bare Fastify route, and a bare route running the same SELECT on the same database. */
export async function apiThroughput() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:' });
  const { repos } = await prepareDatabase(database, { seedDemoData: true });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: ':memory:' }),
    database,
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 200, msg: 'success', data: null }));
  // The same service and SELECT the endpoint runs, without signature check, validation or schema serialization.
  bare.get('/bare-select', async () => {
    const data = await listAnnouncements(repos, { language: 'en', pageNum: 1, pageSize: 10 });
    return { code: 200, msg: 'success', data };
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const path = '/v1/cms/content/p/1-10';
  const timestamp = String(Date.now());
  const headers = {
    timestamp,
    signature: requestSignature({ pathWithQuery: path, body: '', timestamp, secret: DEV_REQUEST_SIGN_SECRET }),
    language: 'en',
  };
  try {
    const bareRoute = await load(`${bareUrl}/bare`, 'GET');
    const bareSelect = await load(`${bareUrl}/bare-select`, 'GET');
    const announcements = await load(`${appUrl}${path}`, 'POST', headers);
    return { database: database.kind, bareRoute, bareSelect, announcements };
  } finally {
    await app.close();
    await bare.close();
    await database.close();
  }
}
