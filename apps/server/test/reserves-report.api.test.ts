import { type InclusionProof, leafHash, toBaseUnits, verifyInclusionProof } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { signInOperator } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, ops, signUp } from './users.ts';

const USERS = 30;
const CURRENCIES = ['aidf', 'cow', 'bnb', 'sol', 'usdt', 'eoeo'];

/**
 * Proof of reserves: a report reads every user's balances (normal and frozen) at one snapshot, its root sums are
 * the ledger's user accounts to the base unit, and each user's proof, read from the API, verifies alone and shows
 * nobody else's id or salt.
 */
describe('[api] reserves report and proofs of inclusion', () => {
  let server: TestServer;
  const users: Account[] = [];
  /** What the test credited, base units (10^-18) per user and currency. */
  const expected = new Map<string, bigint[]>();

  beforeAll(async () => {
    server = await startTestServer({});
    for (let i = 0; i < USERS; i++) users.push(await signUp(server));
    for (const [i, user] of users.entries()) {
      const units = CURRENCIES.map(() => 0n);
      // Several currencies, amounts with many decimals, some users frozen AIDF too, one user with nothing.
      if (i === USERS - 1) {
        expected.set(user.mid, units);
        continue;
      }
      const amounts: [string, string, string][] = [
        ['usdt', `${i + 1}.${String(i).padStart(3, '0')}000000000000001`, '00'],
        ['cow', `${(i * 7) % 13}.5`, '00'],
      ];
      if (i % 3 === 0) amounts.push(['bnb', `0.${i + 1}`, '00']);
      if (i % 4 === 0) amounts.push(['aidf', '2.25', '16'], ['aidf', '1', '00']);
      for (const [currency, amount, submode] of amounts) {
        if (toBaseUnits(amount, 18) === 0n) continue;
        await credit(server, user.username, currency, amount, submode);
        const at = CURRENCIES.indexOf(currency);
        units[at] = (units[at] as bigint) + toBaseUnits(amount, 18);
      }
      expected.set(user.mid, units);
    }
  }, 300_000);
  afterAll(() => server.close(), 120_000);

  const proofOf = (user: Account) => call(server.baseUrl, '/v1/reserves/proof', { method: 'GET', token: user.token });
  const runReport = async () => {
    const res = await ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'test report' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const ledgerUserTotals = async () =>
    Object.fromEntries(
      rowsOf<{ currency: string; total: string }>(
        await server.database.db.execute(
          sql`SELECT currency, sum(balance)::text AS total FROM accounts WHERE kind = 'user' GROUP BY currency`,
        ),
      ).map((r) => [r.currency, toBaseUnits(r.total, 18)]),
    );

  it('answers 81047 before any report, to the user and to the operator', async () => {
    const user = await proofOf(users[0] as Account);
    expect(user.status).toBe(404);
    expect(user.json.code).toBe(81047);
    expect((await ops(server, 'GET', '/ops/v1/reserves/reports/latest')).json.code).toBe(81047);
  });

  it('lets finance and admin run a report, not support, and audits it', async () => {
    const support = await signInOperator(server, 'support');
    expect((await support.call('POST', '/ops/v1/reserves/reports', {})).status).toBe(403);
    expect((await support.call('GET', '/ops/v1/reserves/reports/latest')).status).toBe(403);
    const finance = await signInOperator(server, 'finance');
    const res = await finance.call('POST', '/ops/v1/reserves/reports', {});
    expect(res.status).toBe(200);
    const audit = rowsOf<{ operator: string; target: string }>(
      await server.database.db.execute(
        sql`SELECT operator, target FROM operator_actions WHERE action = 'reserves-report' ORDER BY id`,
      ),
    );
    expect(audit).toEqual([{ operator: finance.username, target: `reserves-report:${res.json.data.id}` }]);
  });

  it("sums every user's balances, frozen included, to the ledger's user accounts, and each proof verifies", async () => {
    const report = await runReport();
    expect(report.status).toBe('liabilities-only');
    expect(report.chainHoldings).toBeNull();
    // No BNB Smart Chain here: the root stays unpublished, and the operator and the user are told so.
    expect(report.publication).toEqual({
      status: 'no-chain',
      from: null,
      txHash: null,
      blockNumber: null,
      error: null,
    });
    expect(report.userCount).toBe(USERS);
    expect(report.currencies).toEqual(CURRENCIES);
    const totals = await ledgerUserTotals();
    const fromUsers = CURRENCIES.map((_, c) =>
      [...expected.values()].reduce((sum, units) => sum + (units[c] as bigint), 0n),
    );
    expect(report.root.sums).toEqual(fromUsers.map(String));
    expect(report.root.sums).toEqual(CURRENCIES.map((c) => String(totals[c] ?? 0n)));
    for (const [c, currency] of CURRENCIES.entries()) {
      expect(toBaseUnits(report.userBalances[currency], 18)).toBe(fromUsers[c]);
      // Nothing in flight or held here: liabilities are the users' balances; all was added by operator credits.
      expect(report.liabilities[currency]).toBe(report.userBalances[currency]);
      expect(report.operatorCredits[currency]).toBe(report.userBalances[currency]);
    }
    expect((await ops(server, 'GET', '/ops/v1/reserves/reports/latest')).json.data.root).toEqual(report.root);

    const salts = rowsOf<{ userId: string; salt: string }>(
      await server.database.db.execute(
        sql`SELECT user_id::text AS "userId", salt FROM reserves_leaves WHERE report_id = ${report.id}`,
      ),
    );
    expect(salts).toHaveLength(2 * USERS);
    for (const user of users) {
      const res = await proofOf(user);
      expect(res.status, res.text).toBe(200);
      const { proof, reportId, baseUnitDecimals } = res.json.data as {
        proof: InclusionProof;
        reportId: string;
        baseUnitDecimals: number;
      };
      expect(reportId).toBe(report.id);
      expect(baseUnitDecimals).toBe(18);
      expect(res.json.data.publication).toMatchObject({ status: 'no-chain', txHash: null, explorerUrl: null });
      expect(res.json.data.coverage).toBeNull();
      expect(verifyInclusionProof(proof)).toEqual({ ok: true });
      expect(proof.userId).toBe(user.mid);
      expect(proof.balances).toEqual((expected.get(user.mid) as bigint[]).map(String));
      expect(proof.root).toEqual(report.root);
      // Two leaves per user, each a random share: together they are the balances, each alone is not (some).
      expect(proof.shares.map((s) => s.share)).toEqual([1, 2]);
      for (const share of proof.shares) expect(share.path.length).toBe(Math.ceil(Math.log2(2 * USERS)));
      // The paths carry hashes and sums only: no other user's id or salt is anywhere in the answer.
      for (const step of proof.shares.flatMap((s) => s.path)) {
        expect(Object.keys(step).sort()).toEqual(['hash', 'side', 'sums']);
      }
      for (const other of salts.filter((s) => s.userId !== user.mid)) expect(res.text).not.toContain(other.salt);
      // The leaf is bound to its owner: the same proof claimed for another user does not verify.
      const other = users.find((u) => u !== user) as Account;
      expect(verifyInclusionProof({ ...proof, userId: other.mid })).toEqual({ ok: false, reason: 'root-hash-differs' });
      // No sibling, the nearest leaves included, is another user's balance vector: a leaf holds a random share.
      const othersBalances = new Set(
        [...expected.entries()]
          .filter(([mid, units]) => mid !== user.mid && units.some((u) => u > 0n))
          .map(([, units]) => units.join()),
      );
      for (const step of proof.shares.flatMap((s) => s.path)) expect(othersBalances.has(step.sums.join())).toBe(false);
    }
  });

  it('draws new salts for each report, and a user who signed up after it gets 81048', async () => {
    const user = users[3] as Account;
    const first = (await proofOf(user)).json.data.proof as InclusionProof;
    const report = await runReport();
    const second = (await proofOf(user)).json.data.proof as InclusionProof;
    expect(second.shares[0]?.salt).not.toBe(first.shares[0]?.salt);
    const hashOf = (p: InclusionProof) =>
      p.shares.map((s) => leafHash(p.userId, s.share, s.amounts.map(BigInt), s.salt)).join();
    expect(hashOf(second)).not.toBe(hashOf(first));
    expect(second.root.sums).toEqual(first.root.sums);
    expect(report.root.hash).not.toBe(first.root.hash);
    expect(verifyInclusionProof(second)).toEqual({ ok: true });

    const late = await signUp(server);
    const res = await proofOf(late);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe(81048);
    expect((await call(server.baseUrl, '/v1/reserves/proof', { method: 'GET' })).status).toBe(401);
  });
});
