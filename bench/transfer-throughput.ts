import { buildTransferSignText, DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { buildApp, createSession, creditUser, loadConfig, prepareDatabase, throwawayDatabase } from '@aidf/server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const USERS = 20;
const CLIENTS = 64;
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 2000);

/**
 * Internal transfers per second from 64 concurrent HTTP clients among 20 users. Requests are signed
 * beforehand, so the figure is the server's (signature check, ledger transaction), not the client's.
 */
export async function transferThroughput(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  const { repos } = await prepareDatabase(database, { seedDemoData: false });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: ':memory:' }),
    database,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const users: { account: ReturnType<typeof privateKeyToAccount>; token: string; username: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const account = privateKeyToAccount(generatePrivateKey());
      const id = await repos.users.insert({
        username: `bench${i}`,
        walletAddress: account.address,
        chainCurrency: 'bnb',
      });
      await repos.boundAddresses.insert({ userId: id, currency: 'bnb', walletAddress: account.address });
      await creditUser(repos, {
        actor: { name: 'bench', role: 'admin', ip: null },
        username: `bench${i}`,
        currency: 'usdt',
        submode: '00',
        amount: '1000000',
        reason: 'bench',
      });
      const token = await createSession(repos, id);
      users.push({ account, token, username: `bench${i}` });
    }
    let clock = Date.now();
    const requests: { token: string; body: string }[] = [];
    for (let i = 0; i < TRANSFERS; i++) {
      const from = users[i % USERS] as (typeof users)[number];
      const to = users[(i * 7 + 3) % USERS] === from ? users[(i + 1) % USERS] : users[(i * 7 + 3) % USERS];
      const timestamp = ++clock;
      const transfer = { amount: '1.5', currency: 'usdt', username: to?.username ?? '' };
      const signContent = buildTransferSignText({ ...transfer, host: new URL(baseUrl).host, timestampMs: timestamp });
      const body = JSON.stringify({
        ...transfer,
        sign: await from.account.signMessage({ message: signContent }),
        signContent,
        timestamp,
      });
      requests.push({ token: from.token, body });
    }
    const path = '/v1/cow/home/transfer';
    let next = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < requests.length) {
          const r = requests[next++] as (typeof requests)[number];
          const ts = String(Date.now());
          const res = await fetch(`${baseUrl}${path}`, {
            method: 'POST',
            headers: {
              authorization: r.token,
              'content-type': 'application/json',
              timestamp: ts,
              signature: requestSignature({
                pathWithQuery: path,
                body: r.body,
                timestamp: ts,
                secret: DEV_REQUEST_SIGN_SECRET,
              }),
            },
            body: r.body,
          });
          if (res.status !== 200) failed++;
          await res.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { database: database.kind, transfers: TRANSFERS, failed, perSecond: TRANSFERS / seconds };
  } finally {
    await app.close();
    await database.close();
    await database.drop();
  }
}
