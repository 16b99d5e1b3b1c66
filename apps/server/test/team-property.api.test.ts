import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { AppError } from '../src/domain/errors.ts';
import { bindInviter } from '../src/domain/users/inviter.ts';
import { buyInTest, setTeamConfig } from './team-helpers.ts';
import { amountOf, amountText, TeamModel } from './team-model.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const USERS = 7;
const decimal = (maxWhole: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 99 })).map(([w, f]) => `${w}.${f}`);

/** Level thresholds rising from level 1 to 7 (volumes from 1, so an untouched user is level 0), rates rising. */
const config = fc
  .record({
    volumes: fc.array(fc.integer({ min: 1, max: 250 }), { minLength: 7, maxLength: 7 }),
    directs: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 7, maxLength: 7 }),
    rates: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 7, maxLength: 7 }),
    directRate: decimal(10),
    peerRate: decimal(3),
    maxBonusPercent: fc.oneof(decimal(60), fc.constant('100')),
  })
  .map((c) => {
    let v = 0;
    let d = 0;
    let r = 0;
    return {
      levels: c.volumes.map((dv, i) => {
        v += dv;
        d = Math.max(d, c.directs[i] ?? 0) + (i % 4 === 3 ? 1 : 0);
        r += c.rates[i] ?? 0;
        return { minVolume: String(v), minDirect: d, rate: (r / 100).toFixed(2) };
      }),
      directRate: c.directRate,
      peerRate: c.peerRate,
      maxBonusPercent: c.maxBonusPercent,
    };
  });

const operation = fc.oneof(
  // A partial rollup of the volume tail (migration 0021) leaves some purchases rolled up and some not.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollup' as const), limit: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('bind' as const), user: fc.nat(USERS - 1), inviter: fc.nat(USERS - 1) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      user: fc.nat(USERS - 1),
      worth: fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 999 })).map(([w, f]) => `${w}.${f}`),
    }),
  },
);

/** A random starting tree: user i under one of users 0..i-1, about one in six left unbound (bound later, if at all). */
const tree = fc.array(fc.nat(), { minLength: USERS - 1, maxLength: USERS - 1 });

describe('[property] team volumes, levels and bonuses against a plain model', () => {
  let server: TestServer;
  let run = 0;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a line with its arithmetic: direct, level differences ("3 % = 8 % - 5 % paid below") and the peer bonus', async () => {
    const { repos } = server;
    // Levels by direct invitees only: level L needs L of them (and any volume).
    await setTeamConfig(repos, {
      levels: [1, 2, 3, 4, 5, 6, 7].map((l) => ({
        minVolume: '0.000000000000000001',
        minDirect: l,
        rate: ['3', '5', '8', '11', '14', '17', '20'][l - 1] as string,
      })),
      directRate: '5',
      peerRate: '1',
      maxBonusPercent: '30',
    });
    const id = async (name: string, inviter?: string) => {
      const user = await repos.users.insert({ username: name });
      if (inviter) await bindInviter(repos, user, inviter);
      return user;
    };
    const a = await id('linea');
    const b = await id('lineb', 'linea');
    const c = await id('linec', 'lineb');
    const d = await id('lined', 'linec');
    for (const [who, extra] of [
      ['linea', 2],
      ['lineb', 1],
      ['linec', 1],
    ] as const) {
      for (let i = 0; i < extra; i++) await id(`${who}x${i}`, who);
    }
    const orderId = await buyInTest(repos, d, '100');
    const rows = await repos.team.bonusesOf(orderId);
    const byId = new Map([
      [a, 'a'],
      [b, 'b'],
      [c, 'c'],
    ]);
    expect(
      rows.map((r) => [byId.get(BigInt(r.beneficiary_id)), r.type, r.amount.replace(/\.?0+$/, ''), r.note]),
    ).toEqual([
      ['c', 'cow-push-income', '5', '5 % direct bonus'],
      ['c', 'cow-sns-level-income', '5', '5 % = 5 % - 0 % paid below'],
      ['b', 'cow-sns-same-level-income', '1', '1 % peer bonus (level 2, as the one paid below)'],
      ['a', 'cow-sns-level-income', '3', '3 % = 8 % - 5 % paid below'],
    ]);
    expect((await repos.team.stats(a)).level).toBe(3);
    expect((await repos.team.stats(a)).teamVolume).toMatch(/^100(\.0+)?$/);
    // A replay of the same order pays nothing more.
    await buyInTest(repos, d, '100', orderId).catch(() => undefined);
    expect(await repos.team.bonusesOf(orderId)).toHaveLength(4);
  });

  it('random trees and purchases: no cycle, each bonus type as the model, total within the maximum, volumes exact', async () => {
    const { repos } = server;
    await fc.assert(
      fc.asyncProperty(config, tree, fc.array(operation, { minLength: 1, maxLength: 30 }), async (c, start, ops) => {
        run++;
        const model = new TeamModel(await setTeamConfig(repos, c));
        const ids: bigint[] = [];
        for (let i = 0; i < USERS; i++) ids.push(await repos.users.insert({ username: `tp${run}u${i}` }));
        const index = new Map(ids.map((id, i) => [id, i]));
        const startOps = start.flatMap((n, k) =>
          n % 6 === 0 ? [] : [{ kind: 'bind' as const, user: k + 1, inviter: n % (k + 1) }],
        );
        for (const op of [...startOps, ...ops]) {
          if (op.kind === 'rollup') {
            await repos.transaction((tx) => tx.team.rollUpVolumes(op.limit));
            continue;
          }
          if (op.kind === 'bind') {
            const expected = model.bind(op.user, op.inviter);
            const outcome = await bindInviter(repos, ids[op.user] as bigint, `tp${run}u${op.inviter}`).then(
              () => 'ok',
              (e: unknown) =>
                e instanceof AppError ? (e.code === 1119 ? 'cycle' : e.code === 10471 ? 'bound' : e) : e,
            );
            expect(outcome).toBe(expected);
            continue;
          }
          const expected = model.buy(op.user, amountOf(op.worth));
          const orderId = await buyInTest(repos, ids[op.user] as bigint, op.worth);
          const paid = (await repos.team.bonusesOf(orderId)).map((b) => ({
            beneficiary: index.get(BigInt(b.beneficiary_id)),
            type: b.type,
            amount: b.amount.replace(/\.?0+$/, ''),
          }));
          const sortKey = (b: { beneficiary?: number; type: string }) => `${b.beneficiary}:${b.type}`;
          expect(paid.sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
            expected
              .map((b) => ({ beneficiary: b.beneficiary, type: b.type, amount: amountText(b.amount) }))
              .sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
          );
          const total = expected.reduce((s, b) => s + b.amount, 0n);
          expect(total * 100n * 10n ** 8n <= amountOf(op.worth) * model.config.maxBonusPercent).toBe(true);
        }
        // Volumes, direct counts and levels of every user as the model has them.
        for (const [i, id] of ids.entries()) {
          const s = await repos.team.stats(id);
          expect({
            i,
            volume: s.teamVolume.replace(/\.?0+$/, '') || '0',
            direct: s.directCount,
            level: s.level,
          }).toEqual({
            i,
            volume: amountText(model.volume.get(i) ?? 0n),
            direct: model.direct.get(i) ?? 0,
            level: model.level.get(i) ?? 0,
          });
        }
        // The closure table is exactly the model's tree: every (ancestor, descendant, depth), no user its own.
        const closure = rowsOf<{ a: string; d: string; depth: number }>(
          await server.database.db.execute(sql`
            SELECT ancestor_id::text AS a, descendant_id::text AS d, depth FROM team_tree
            WHERE descendant_id = ANY(${`{${ids.join(',')}}`}::bigint[])`),
        )
          .map((r) => `${index.get(BigInt(r.a))}>${index.get(BigInt(r.d))}@${r.depth}`)
          .sort();
        const expectedClosure = ids.flatMap((_, i) => model.uplines(i).map((a, k) => `${a}>${i}@${k + 1}`)).sort();
        expect(closure).toEqual(expectedClosure);
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 40),
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
  }, 600_000);
});
