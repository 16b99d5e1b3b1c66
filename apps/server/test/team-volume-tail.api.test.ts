import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { bindInviter } from '../src/domain/users/inviter.ts';
import { teamVolumeRollupJob } from '../src/jobs/team-volume-rollup.ts';
import { inFlight } from './in-flight.ts';
import { buyInTest, setTeamConfig } from './team-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Migration 0021: a purchase appends its worth to team_volume_tail instead of writing every upline's stats row;
 * the team-volume-rollup job moves the tail into team_stats. Team volumes read the same before and after, each
 * purchase is rolled up once (also by rollups at the same moment as purchases and as each other).
 */
describe('[api] team volume tail and its rollup', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const rows = async <R>(q: ReturnType<typeof sql>) => rowsOf<R>(await server.database.db.execute(q));
  const rolled = async (id: bigint) => {
    const [row] = await rows<{ v: string }>(sql`SELECT team_volume::text AS v FROM team_stats WHERE user_id = ${id}`);
    return Number(row?.v);
  };
  const tailOf = async (ids: bigint[]) => {
    const [row] = await rows<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM team_volume_tail WHERE buyer_id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
    return Number(row?.n);
  };

  it('volumes and levels are exact with the tail unrolled, partly rolled and rolled; racing rollups add each purchase once', async () => {
    const { repos } = server;
    await setTeamConfig(repos, {
      levels: [1, 2, 3, 4, 5, 6, 7].map((l) => ({ minVolume: String(l * 100), minDirect: 1, rate: String(l) })),
      directRate: '5',
      peerRate: '1',
      maxBonusPercent: '30',
    });
    // top ← mid ← low, and a side branch under top: buyers in both branches.
    const top = await repos.users.insert({ username: 'tail-top' });
    const mid = await repos.users.insert({ username: 'tail-mid' });
    const low = await repos.users.insert({ username: 'tail-low' });
    const side = await repos.users.insert({ username: 'tail-side' });
    await bindInviter(repos, mid, 'tail-top');
    await bindInviter(repos, low, 'tail-mid');
    await bindInviter(repos, side, 'tail-top');
    const buyers = [low, side, mid, low];
    const job = teamVolumeRollupJob();
    // Purchases at the same moment as rollup ticks (several at once: they must not add a purchase twice).
    await Promise.all([
      ...buyers.map((b, k) => buyInTest(repos, b, `${60 + k}`)),
      ...[0, 1, 2].map(() => job.tick({ repos, now: new Date() })),
    ]);
    // low 60 + 63, side 61, mid 62: top sees all, mid sees low's.
    const expected = { top: 60 + 61 + 62 + 63, mid: 60 + 63 };
    const read = async () => ({
      top: Number((await repos.team.stats(top)).teamVolume),
      mid: Number((await repos.team.stats(mid)).teamVolume),
      topLevel: (await repos.team.stats(top)).level,
      midLevel: (await repos.team.stats(mid)).level,
    });
    const levels = { topLevel: 2, midLevel: 1 };
    expect(await read()).toEqual({ ...expected, ...levels });
    // Whatever is still in the tail is rolled up once: team_stats then holds the whole volume by itself.
    // (At most the four purchases are left, fewer than a tick's batch: one tick takes them all, the next none.)
    expect(await job.tick({ repos, now: new Date() })).toBeLessThanOrEqual(buyers.length);
    expect(await job.tick({ repos, now: new Date() })).toBe(0);
    expect(await tailOf(buyers)).toBe(0);
    expect({ top: await rolled(top), mid: await rolled(mid) }).toEqual(expected);
    expect(await read()).toEqual({ ...expected, ...levels });
    // A purchase after the rollup is in the tail again, counted once in the volume read.
    await buyInTest(repos, low, '100');
    expect(await tailOf([low])).toBe(1);
    expect(await rolled(top)).toBe(expected.top);
    expect(await read()).toEqual({ top: expected.top + 100, mid: expected.mid + 100, topLevel: 3, midLevel: 2 });
    // A bind rolls the tail up first, so the volume it moves and the levels it recomputes are whole.
    const newTop = await repos.users.insert({ username: 'tail-newtop' });
    await bindInviter(repos, top, 'tail-newtop');
    expect(await tailOf([low])).toBe(0);
    expect(Number((await repos.team.stats(newTop)).teamVolume)).toBe(expected.top + 100);
  }, 120_000);

  it('64 purchases at the same moment in one tree, with rollups among them: every volume exact, each bonus once, the ledger whole', async () => {
    const { repos } = server;
    await setTeamConfig(repos, {
      levels: [1, 2, 3, 4, 5, 6, 7].map((l) => ({ minVolume: String(l * 100), minDirect: 1, rate: String(l) })),
      directRate: '5',
      peerRate: '1',
      maxBonusPercent: '30',
    });
    // One root, four mids under it, sixteen buyers (four under each mid); each buyer buys four times at once.
    const root = await repos.users.insert({ username: 'p64-root' });
    const mids: bigint[] = [];
    const buyers: { id: bigint; mid: number }[] = [];
    for (let m = 0; m < 4; m++) {
      const mid = await repos.users.insert({ username: `p64-mid${m}` });
      await bindInviter(repos, mid, 'p64-root');
      mids.push(mid);
      for (let b = 0; b < 4; b++) {
        const id = await repos.users.insert({ username: `p64-buyer${m}-${b}` });
        await bindInviter(repos, id, `p64-mid${m}`);
        buyers.push({ id, mid: m });
      }
    }
    const purchases = buyers.flatMap((b, k) => [1, 2, 3, 4].map((n) => ({ ...b, worth: 10 + ((k * 4 + n) % 7) })));
    expect(purchases).toHaveLength(64);
    const job = teamVolumeRollupJob();
    // Eight purchases in flight at a time (with the four rollups, more than the pool's ten connections): as many at
    // the same moment as the pool lets in, without a queue that outwaits its connect timeout on a busy machine.
    const [orderIds] = await Promise.all([
      inFlight(
        8,
        purchases.map((p) => () => buyInTest(repos, p.id, String(p.worth))),
      ),
      Promise.all([0, 1, 2, 3].map(() => job.tick({ repos, now: new Date() }))),
    ]);
    expect(new Set(orderIds).size).toBe(64);
    const total = purchases.reduce((s, p) => s + p.worth, 0);
    const ofMid = (m: number) => purchases.filter((p) => p.mid === m).reduce((s, p) => s + p.worth, 0);
    const volumes = async () => ({
      root: Number((await repos.team.stats(root)).teamVolume),
      mids: await Promise.all(mids.map(async (m) => Number((await repos.team.stats(m)).teamVolume))),
    });
    const expected = { root: total, mids: [0, 1, 2, 3].map(ofMid) };
    expect(await volumes()).toEqual(expected);
    // Rolled up to the end (64 rows, under one tick's batch), the stored volumes alone are the same.
    await job.tick({ repos, now: new Date() });
    expect(await job.tick({ repos, now: new Date() })).toBe(0);
    expect({ root: await rolled(root), mids: await Promise.all(mids.map(rolled)) }).toEqual(expected);
    expect(await volumes()).toEqual(expected);
    // Each purchase counted once and its direct bonus paid once, to the buyer's mid; the ledger holds.
    const [counted] = await rows<{ purchases: string; direct: string }>(sql`
      SELECT (SELECT count(*) FROM team_purchases WHERE order_id = ANY(${`{${orderIds.join(',')}}`}::bigint[]))::text
               AS purchases,
             (SELECT count(*) FROM team_bonuses WHERE type = 'cow-push-income'
                AND order_id = ANY(${`{${orderIds.join(',')}}`}::bigint[]))::text AS direct`);
    expect(counted).toEqual({ purchases: '64', direct: '64' });
    expect((await checkLedger(repos)).ok).toBe(true);
  }, 240_000);
});
