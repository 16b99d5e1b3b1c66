import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS, readDeadline } from '../balance-reads.ts';
import { readSolanaBalances } from './solana-balances.ts';

/** A Solana RPC that takes every request and never answers: the report's deadline still ends the read. */
describe('readSolanaBalances against a node that never answers', () => {
  const server = createServer(() => {});
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it('gives up when the deadline passes, though each call may take a minute', async () => {
    const deadline = readDeadline(300);
    const started = Date.now();
    await expect(
      readSolanaBalances(url, {
        owners: ['11111111111111111111111111111111'],
        tokens: [{ currency: 'sol', contract: null, decimals: 9 }],
        limits: { ...DEFAULT_READ_LIMITS, timeoutMs: 60_000 },
        signal: deadline.signal,
      }),
    ).rejects.toThrow("not read within 0.3 s, the report's time for chain reads");
    deadline.done();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
