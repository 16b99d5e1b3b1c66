import { WITHDRAW_PER_DAY } from '@aidf/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { pledgeSettlementJob } from '../src/jobs/pledge-settlement.ts';
import { type ChainTestServer, chainWallet } from './chain.ts';
import { call } from './test-server.ts';
import { balanceOf, credit, signUp, withdrawBody } from './users.ts';
import { useWithdrawChain } from './withdraw-chain.ts';

/**
 * One instance's clock steps a day ahead (this test process is the instance: vi's fake Date moves its clock only;
 * PostgreSQL's clock, which the other instances share, stays). PostgreSQL only: PGlite runs inside the process and
 * would follow the fake clock, and it serves one instance anyway.
 */
const DAY_MS = 24 * 60 * 60_000;
const stepClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DAY_MS, shouldAdvanceTime: true });

describe('[postgres] an instance whose clock runs ahead', () => {
  const chain = useWithdrawChain();
  let server: ChainTestServer;
  beforeAll(() => {
    server = chain.server;
  });

  it("counts a day's withdrawals by the database's clock on an instance whose clock runs a day ahead", async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '100');
    const receiver = (await chainWallet(server.evm)).address;
    const withdrawNow = async () =>
      call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
        token: user.token,
        body: await withdrawBody(user, '10', receiver),
      });
    for (let i = 0; i < WITHDRAW_PER_DAY; i++) expect((await withdrawNow()).json.code).toBe(200);
    stepClock();
    try {
      expect((await withdrawNow()).json.code).toBe(81008);
      const config = await call(server.baseUrl, '/v1/oms/assets/withdraw/config', { method: 'GET', token: user.token });
      expect(config.json.data).toMatchObject({ leftToday: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(await balanceOf(server, user, 'cow')).toBe('80');
  });

  it("runs the daily jobs up to the database's today, not its own tomorrow", async () => {
    const runner = jobRunner({ repos: server.repos, jobs: [pledgeSettlementJob()], owner: 'clock-ahead' });
    const today = await server.repos.jobRuns.today();
    stepClock();
    try {
      const days = (await runner.catchUp()).map((o) => o.day);
      expect(days.at(-1) ?? today).toBe(today);
      expect(await server.repos.jobRuns.daysToRun('pledge-settlement', today, 0)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
