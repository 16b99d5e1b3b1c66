import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { READINESS } from '../src/domain/ops/readiness.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { credit, ops, signUp } from './users.ts';

/** /metrics (Prometheus text, behind the operator token) and /readyz (the database and each chain). */
async function scrape(server: TestServer, authorization?: string) {
  const res = await fetch(`${server.baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}
const asOperator = (server: TestServer) => scrape(server, `Bearer ${DEV_OPERATOR_TOKEN}`);

/** A fresh database and (below) a Hardhat node take a while on a machine busy with other suites. */
const START_TIMEOUT_MS = 180_000;

/** The value of one sample, by its name and labels as Prometheus writes them; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function readyz(server: TestServer) {
  const res = await fetch(`${server.baseUrl}/readyz`);
  return { status: res.status, json: (await res.json()) as { code: number; data: Record<string, unknown> } };
}

describe('[api] /metrics and /readyz without a chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, START_TIMEOUT_MS);
  afterAll(() => server?.close());

  it('answers 401 without the operator token, or with a wrong one', async () => {
    expect((await scrape(server)).status).toBe(401);
    expect((await scrape(server, 'Bearer not-the-operator-token-at-all')).status).toBe(401);
    expect((await scrape(server, DEV_OPERATOR_TOKEN)).status).toBe(401);
  });

  it('answers Prometheus text with latency, job lag, payout queue, pending orders and the ledger check', async () => {
    // One open order waiting for its BNB, made the way a user makes it.
    const user = await signUp(server);
    // A fixture: changing it through the operator API is a proposal for two admins (money-settings.api.test.ts).
    await server.repos.settings.set(
      'machine.collectionAddress.bsc',
      '0x00000000000000000000000000000000000c0113',
      'test',
    );
    const item = await ops(server, 'POST', '/ops/v1/machine/items', {
      worth: '100',
      bnbAmount: '1',
      usdtAmount: '5',
      reason: 'metrics test',
    });
    await credit(server, user.username, 'usdt', '5');
    const order = await call(server.baseUrl, `/v1/cow/home/buy/ai/${item.json.data.id}`, {
      body: {},
      token: user.token,
    });
    expect(order.json.data.status).toBe(0);

    const res = await asOperator(server);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const { text } = res;
    expect(text).toContain('# TYPE aidf_http_request_duration_seconds histogram');
    expect(
      sample(
        text,
        'aidf_http_request_duration_seconds_count{method="POST",route="/v1/cow/home/buy/ai/:id",status_code="200"}',
      ),
    ).toBe(1);
    expect(sample(text, 'aidf_pending_orders')).toBe(1);
    for (const status of ['requested', 'signed', 'sent', 'held'])
      expect(sample(text, `aidf_payout_queue_depth{status="${status}"}`)).toBe(0);
    // No day of either daily job has run on this fresh database: today is outstanding.
    expect(sample(text, 'aidf_job_lag_days{job="pledge-settlement"}')).toBe(1);
    expect(sample(text, 'aidf_job_lag_days{job="machine-mining"}')).toBe(1);
    expect(sample(text, 'aidf_ledger_check_ok')).toBe(1);
    expect(sample(text, 'aidf_ledger_check_violations')).toBe(0);
    const checkedAt = sample(text, 'aidf_ledger_check_timestamp_seconds') ?? 0;
    expect(Math.abs(checkedAt - Date.now() / 1000)).toBeLessThan(60);
    // No chain configured: no chain series.
    expect(text).not.toContain('aidf_chain_up{');
  });

  it('counts a job as caught up once its day has run', async () => {
    const run = await ops(server, 'POST', '/ops/v1/jobs/pledge-settlement/run', {
      date: new Date().toISOString().slice(0, 10),
    });
    expect(run.status).toBe(200);
    expect(sample((await asOperator(server)).text, 'aidf_job_lag_days{job="pledge-settlement"}')).toBe(0);
  });

  it('/readyz is ready with the database and no chain to ask', async () => {
    const res = await readyz(server);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ ready: true, database: 'ok', chains: {} });
  });
});

describe('[api] /metrics and /readyz with the BNB Smart Chain dev chain', () => {
  let server: ChainTestServer;
  beforeAll(async () => {
    // Its own node: a test here stops the chain.
    server = await startChainTestServer({}, { ownChain: true });
  }, START_TIMEOUT_MS);
  afterAll(() => server?.close());

  it("shows the chain's head and the deposit watcher's lag in blocks", async () => {
    const source = server.app.chains.bsc?.deposits;
    if (!source) throw new Error('BSC not configured');
    const watcher = depositWatcher({
      repos: server.repos,
      source,
      owner: 'metrics',
      allowChainReset: true,
      leaseMs: 60_000,
    });
    await watcher.tick();
    await server.evm.mine(5);
    const { text } = await asOperator(server);
    expect(sample(text, 'aidf_chain_up{chain="bsc"}')).toBe(1);
    const head = sample(text, 'aidf_chain_head_block{chain="bsc"}') ?? -1;
    const cursor = await server.repos.scanCursors.deposit.cursor('bsc');
    expect(head).toBeGreaterThan(0);
    expect(sample(text, 'aidf_watcher_lag_blocks{chain="bsc",watcher="deposit"}')).toBe(
      head - Number((cursor?.nextBlock ?? 0n) - 1n),
    );
    expect(sample(text, 'aidf_watcher_lag_blocks{chain="bsc",watcher="deposit"}')).toBeGreaterThanOrEqual(5);
  });

  it('/readyz says ready while the chain answers, and 503 naming the chain once it stops; /healthz stays up', async () => {
    const up = await readyz(server);
    expect(up.status).toBe(200);
    expect(up.json.data).toEqual({ ready: true, database: 'ok', chains: { bsc: 'ok' } });

    await server.evm.close();
    // The chains' answer is kept a few seconds (READINESS): ask until the kept one has expired.
    const down = await vi.waitFor(
      async () => {
        const answer = await readyz(server);
        expect(answer.status).toBe(503);
        return answer;
      },
      { timeout: 3 * READINESS.chainProbeCacheMs, interval: 500 },
    );
    expect(down.json.data.ready).toBe(false);
    expect(down.json.data.database).toBe('ok');
    expect((down.json.data.chains as Record<string, string>).bsc).not.toBe('ok');
    expect(sample((await asOperator(server)).text, 'aidf_chain_up{chain="bsc"}')).toBe(0);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});
