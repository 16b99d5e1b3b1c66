import type { EvmDevChain } from '@aidf/devchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS } from '../src/domain/ops/readiness.ts';
import { workerEvmDevChain } from './chain.ts';
import { awayFromWindowEdge } from './limit-window.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const readyz = (server: TestServer) => fetch(`${server.baseUrl}/readyz`);

describe('[api] /readyz asks the chain at most once per few seconds, however often it is called', () => {
  let evm: EvmDevChain;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let server: TestServer;
  beforeAll(async () => {
    evm = await workerEvmDevChain();
    // Every RPC request the server sends to the dev chain is recorded on its way.
    proxy = await startRpcProxy(evm.rpcUrl);
    server = await startTestServer({ env: { BSC_RPC_URL: proxy.url } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await evm?.close();
  });

  it('40 calls, 20 of them at once, cost the RPC requests of one probe per cache period', async () => {
    const before = proxy.calls.length;
    const started = Date.now();
    expect((await readyz(server)).status).toBe(200);
    const oneProbe = proxy.calls.length - before;
    expect(oneProbe).toBeGreaterThan(0);

    const together = await Promise.all(Array.from({ length: 20 }, () => readyz(server)));
    for (const res of together) expect(res.status).toBe(200);
    for (let i = 0; i < 19; i++) expect((await readyz(server)).status).toBe(200);
    // Counted, not timed: the clock only says how many periods the 40 calls spanned (one on a calm machine).
    const periods = Math.floor((Date.now() - started) / READINESS.chainProbeCacheMs) + 1;
    expect(proxy.calls.length - before).toBeLessThanOrEqual(oneProbe * periods);
    expect(periods).toBeLessThan(40);
  });
});

describe('[api] /readyz is limited per client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(() => server.close());

  it(`answers 429 (9000) after ${READINESS.perClient.max} calls a minute from one client`, async () => {
    await awayFromWindowEdge(READINESS.perClient.windowMs, 20_000);
    for (let i = 0; i < READINESS.perClient.max; i++) expect((await readyz(server)).status).toBe(200);
    const limited = await readyz(server);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: number }).code).toBe(9000);
  }, 90_000);
});
