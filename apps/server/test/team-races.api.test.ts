import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { bindInviter } from '../src/domain/users/inviter.ts';
import { buyInTest, newOrderId, setTeamConfig } from './team-helpers.ts';
import { amountOf, amountText, TeamModel } from './team-model.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { evmWallet, signed } from './wallets.ts';

/**
 * Purchases and binds at the same moment. On PostgreSQL each runs on its own connection and they
 * collide; on PGlite (one connection) they are serialised and the same outcome is checked.
 */
describe('[api] team races', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const rows = async <R>(q: ReturnType<typeof sql>) => rowsOf<R>(await server.database.db.execute(q));

  it('purchases at the same moment in one downline: exact volumes and levels, each bonus once, as the model in commit order', async () => {
    const { repos } = server;
    const config = await setTeamConfig(repos, {
      levels: [1, 2, 3, 4, 5, 6, 7].map((l) => ({
        minVolume: String(l * 150),
        minDirect: Math.min(l, 3),
        rate: String(l * 2),
      })),
      directRate: '5',
      peerRate: '1',
      maxBonusPercent: '25',
    });
    // root ← a ← b ← c, with buyers under every one of them (names r0.. in bind order).
    const names = ['race-root', 'race-a', 'race-b', 'race-c'];
    const parents = [-1, 0, 1, 2];
    for (let i = 0; i < 12; i++) {
      names.push(`race-buyer${i}`);
      parents.push(i % 4);
    }
    const ids: bigint[] = [];
    const model = new TeamModel(config);
    for (const [i, name] of names.entries()) {
      ids.push(await repos.users.insert({ username: name }));
      const parent = parents[i] as number;
      if (parent >= 0) {
        await bindInviter(repos, ids[i] as bigint, names[parent] as string);
        model.bind(i, parent);
      }
    }
    const buyers = ids.slice(4);
    const worth = (k: number) => `${100 + k * 7}.5`;
    const orders = buyers.map(() => newOrderId());
    // Every purchase at once, and each of the first three twice with the same order id.
    await Promise.all([
      ...buyers.map((b, k) => buyInTest(repos, b, worth(k), orders[k])),
      ...buyers.slice(0, 3).map((b, k) => buyInTest(repos, b, worth(k), orders[k]).catch(() => 'replay refused')),
    ]);

    const committed = await rows<{ order_id: string; buyer_id: string }>(sql`
      SELECT order_id::text, buyer_id::text FROM team_purchases
      WHERE order_id = ANY(${`{${orders.join(',')}}`}::bigint[]) ORDER BY movement_id`);
    expect(committed).toHaveLength(buyers.length);
    const index = new Map(ids.map((id, i) => [id, i]));
    for (const p of committed) {
      const k = orders.indexOf(BigInt(p.order_id));
      const expected = model.buy(index.get(BigInt(p.buyer_id)) as number, amountOf(worth(k)));
      const paid = await repos.team.bonusesOf(BigInt(p.order_id));
      const key = (b: { beneficiary: number | undefined; type: string }) => `${b.beneficiary}:${b.type}`;
      expect(
        paid
          .map((b) => ({
            beneficiary: index.get(BigInt(b.beneficiary_id)),
            type: b.type,
            amount: b.amount.replace(/\.?0+$/, ''),
          }))
          .sort((x, y) => key(x).localeCompare(key(y))),
      ).toEqual(
        expected
          .map((b) => ({ beneficiary: b.beneficiary, type: b.type, amount: amountText(b.amount) }))
          .sort((x, y) => key(x).localeCompare(key(y))),
      );
    }
    for (const [i, id] of ids.slice(0, 4).entries()) {
      const s = await repos.team.stats(id);
      expect({ i, volume: s.teamVolume.replace(/\.?0+$/, ''), level: s.level }).toEqual({
        i,
        volume: amountText(model.volume.get(i) ?? 0n),
        level: model.level.get(i) ?? 0,
      });
    }
    // The root saw all twelve purchases, each once.
    const total = buyers.reduce((s, _, k) => s + amountOf(worth(k)), 0n);
    expect(amountText(model.volume.get(0) ?? 0n)).toBe(amountText(total));
    const [dupes] = await rows<{ n: string }>(sql`
      SELECT count(*)::text AS n FROM (SELECT order_id, beneficiary_id, type FROM team_bonuses
      GROUP BY 1, 2, 3 HAVING count(*) > 1) d`);
    expect(dupes?.n).toBe('0');
    // The money of those bonuses: the ledger holds, each beneficiary got each bonus type of an order on one line,
    // and every AIDF line's balance after follows from the line before it (issuance and users, in write order).
    expect((await checkLedger(repos)).ok).toBe(true);
    const [lines] = await rows<{ bonus_lines: string; bonuses: string }>(sql`
      SELECT (SELECT count(*) FROM entries e JOIN team_purchases p ON p.movement_id = e.movement_id
              JOIN accounts a ON a.id = e.account_id WHERE a.kind = 'user')::text AS bonus_lines,
             (SELECT count(*) FROM team_bonuses)::text AS bonuses`);
    expect(lines?.bonus_lines).toBe(lines?.bonuses);
    const [broken] = await rows<{ n: string; lines: string }>(sql`
      SELECT count(*) FILTER (WHERE prev IS NOT NULL AND balance_after <> prev + amount)::text AS n,
             count(*)::text AS lines
      FROM (SELECT e.balance_after, e.amount,
                   lag(e.balance_after) OVER (PARTITION BY e.account_id ORDER BY e.movement_id, e.id) AS prev
            FROM entries e JOIN accounts a ON a.id = e.account_id WHERE a.currency = 'aidf') chain`);
    expect(Number(broken?.lines)).toBeGreaterThan(Number(lines?.bonuses));
    expect(broken?.n).toBe('0');
  }, 120_000);

  it('binds and invited first sign-ins at the same moment form no cycle, and the closure table is the tree', async () => {
    const { repos } = server;
    const ids: bigint[] = [];
    for (let i = 0; i < 12; i++) ids.push(await repos.users.insert({ username: `cyc${i}` }));
    const bind = (u: number, inviter: number) =>
      bindInviter(repos, ids[u] as bigint, `cyc${inviter}`).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    // Pairs inviting each other, a triangle and a chain, while new users sign in invited by members of the chain.
    const leaf = async (inviter: number) => {
      const wallet = evmWallet();
      const res = await call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
        body: {
          currency: wallet.currency,
          walletAddress: wallet.address,
          inviteCode: `cyc${inviter}`,
          ...(await signed(wallet, 'Login-')),
        },
      });
      return res.status;
    };
    const outcomes = await Promise.all([
      bind(0, 1),
      bind(1, 0),
      bind(2, 3),
      bind(3, 2),
      bind(4, 5),
      bind(5, 6),
      bind(6, 4),
      bind(7, 8),
      bind(8, 9),
      bind(9, 10),
      bind(10, 7),
      leaf(7),
      leaf(8),
      leaf(9),
      leaf(10),
      leaf(4),
      leaf(0),
    ]);
    expect(outcomes.slice(11)).toEqual([200, 200, 200, 200, 200, 200]);
    // No user is its own ancestor, in the users table or in the closure.
    const [selfRows] = await rows<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM team_tree WHERE ancestor_id = descendant_id`,
    );
    expect(selfRows?.n).toBe('0');
    // The closure table equals the closure of users.inviter_id, depth for depth.
    const [diff] = await rows<{ missing: string; extra: string }>(sql`
      WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
        SELECT id, inviter_id, 1 FROM users WHERE inviter_id IS NOT NULL
        UNION ALL
        SELECT up.descendant_id, u.inviter_id, up.depth + 1 FROM up JOIN users u ON u.id = up.ancestor_id
        WHERE u.inviter_id IS NOT NULL AND up.depth < 100
      )
      SELECT (SELECT count(*) FROM (SELECT * FROM up EXCEPT SELECT descendant_id, ancestor_id, depth FROM team_tree) m)::text AS missing,
             (SELECT count(*) FROM (SELECT descendant_id, ancestor_id, depth FROM team_tree EXCEPT SELECT * FROM up) e)::text AS extra`);
    expect(diff).toEqual({ missing: '0', extra: '0' });
    // Each pair and the triangle and the 4-cycle attempt: at least one bind refused (1119).
    expect(outcomes.slice(0, 4).filter((o) => o === 'ok')).toHaveLength(2);
    expect(outcomes.slice(4, 7).filter((o) => o === 'ok')).toHaveLength(2);
    expect(outcomes.slice(7, 11).filter((o) => o === 'ok')).toHaveLength(3);
    // Direct counts follow the tree.
    const [counts] = await rows<{ wrong: string }>(sql`
      SELECT count(*)::text AS wrong FROM team_stats s
      WHERE s.direct_count <> (SELECT count(*) FROM users c WHERE c.inviter_id = s.user_id)`);
    expect(counts?.wrong).toBe('0');
  }, 120_000);
});
