import { describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { runMain, START_TIMEOUT_MS } from './main-process.ts';

/**
 * `npm start` on a fresh database (docs/operator-guide.md "Treasury funding"): the dev chains fund the hot wallets
 * and the start books that funding as production books one, read from the chain; the first reserves report waits
 * for the deposit watcher to catch up, and finds every chain's holdings equal to its clearing account and every
 * currency covered.
 */
describe('a fresh npm start', () => {
  it(
    'has a first reserves report that is complete and balanced, with no alert',
    async () => {
      // The deposit watcher at its usual pace (main-process.ts slows it to ten minutes for the other starts).
      const run = await runMain({ CHAIN_POLL_MS: '1000', LOG_LEVEL: 'warn' });
      try {
        expect(run.state, run.stderr()).toBe('running');
        const latest = async () => {
          const res = await fetch(`${run.baseUrl}/ops/v1/reserves/reports/latest`, {
            headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
          });
          return res.status === 200 ? ((await res.json()) as { data: Record<string, unknown> }).data : null;
        };
        await expect.poll(latest, { timeout: 90_000, interval: 500 }).not.toBeNull();
        const report = (await latest()) as { id: string; status: string; alerts: unknown };
        expect({ id: report.id, status: report.status, alerts: report.alerts }).toEqual({
          id: '1',
          status: 'complete',
          alerts: { shortfall: [], clearingMismatch: [], unread: 0, unreadChains: [] },
        });
        expect(run.stderr()).not.toMatch(/reserves-shortfall|clearing-mismatch|reserves-unread/);
        expect(run.stdout()).not.toMatch(/reserves-shortfall|clearing-mismatch|reserves-unread/);
      } finally {
        await run.stop();
      }
    },
    START_TIMEOUT_MS + 120_000,
  );
});
