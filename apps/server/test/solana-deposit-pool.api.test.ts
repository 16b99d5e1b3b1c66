import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depositXpubOf, solanaDepositAddressMaker } from '../src/chain/deposit-keys.ts';
import { rowsOf } from '../src/db/raw.ts';
import { refillSolanaDepositPool } from '../src/domain/chain/solana-deposit-pool.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';

/**
 * An API on DEPOSIT_XPUB holds no seed, so it cannot derive a Solana deposit address (hardened ed25519 path): it
 * hands out the addresses the treasury derived ahead into the pool. Here the treasury's refill runs on the same
 * database with the seed, as the treasury process would.
 */
describe('[api] Solana deposit addresses from the treasury pool', () => {
  const mnemonic = generateMnemonic(wordlist);
  const makeAddress = solanaDepositAddressMaker(mnemonic);
  let server: TestServer;

  const solAddress = (account: Account, currency = 'sol') =>
    call(server.baseUrl, `/v1/chn/coin/${currency}/sol/address/${account.mid}/A`, {
      method: 'GET',
      token: account.token,
    });
  const poolRows = async () =>
    rowsOf<{ derivation_index: number; address: string; user_id: string | null }>(
      await server.database.db.execute(
        sql`SELECT derivation_index, address, user_id::text FROM solana_deposit_pool ORDER BY derivation_index`,
      ),
    );
  const metric = async (name: string) => {
    const text = await (
      await fetch(`${server.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${server.app.config.operatorToken}` },
      })
    ).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { DEPOSIT_XPUB: depositXpubOf(mnemonic) } });
  });
  afterAll(() => server?.close());

  it('answers 81036 "try again in a minute" while the pool is empty, changes nothing, and raises the alert metric', async () => {
    expect(server.app.solanaAddressMaker).toBeNull();
    const user = await signUp(server, solanaWallet());
    const res = await solAddress(user);
    expect(res.status).toBe(503);
    expect(res.json.code).toBe(81036);
    const zh = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
      headers: { language: 'zhCN' },
    });
    expect(zh.json.code).toBe(81036);
    expect(await server.app.repos.depositAddresses.of(BigInt(user.mid), 'sol')).toBeNull();
    expect(server.app.solanaPoolTurnedAway).toBe(2);
    expect(await metric('aidf_solana_deposit_pool_turned_away')).toBe(2);
    expect(await metric('aidf_solana_deposit_pool_free')).toBe(0);
  });

  it("hands out the treasury's addresses: each user one, in parallel, none twice, kept on later asks", async () => {
    expect(await refillSolanaDepositPool(server.app.repos, makeAddress, 12)).toBe(12);
    expect(await refillSolanaDepositPool(server.app.repos, makeAddress, 12)).toBe(0);
    expect(await metric('aidf_solana_deposit_pool_free')).toBe(12);
    const users = await Promise.all(Array.from({ length: 5 }, () => signUp(server, solanaWallet())));
    // Every user asks three times at once (SOL and USDT share the address), all users together.
    const answers = await Promise.all(
      users.flatMap((u) =>
        [solAddress(u), solAddress(u, 'usdt'), solAddress(u)].map((p) => p.then((r) => [u, r] as const)),
      ),
    );
    const byUser = new Map<string, Set<string>>();
    for (const [u, r] of answers) {
      expect(r.json.code).toBe(200);
      byUser.set(u.mid, (byUser.get(u.mid) ?? new Set()).add(r.json.data.address));
    }
    const handedOut = [...byUser.values()].map((s) => {
      expect(s.size).toBe(1);
      return [...s][0];
    });
    expect(new Set(handedOut).size).toBe(5);
    const rows = await poolRows();
    const taken = rows.filter((r) => r.user_id !== null);
    expect(taken).toHaveLength(5);
    for (const row of taken) {
      // The pool's address is the seed's key at the row's index: the treasury can sign its sweep.
      expect(row.address).toBe(makeAddress(row.derivation_index));
      expect(byUser.get(row.user_id as string)).toEqual(new Set([row.address]));
      const [stored] = rowsOf<{ derivation_index: number }>(
        await server.database.db.execute(
          sql`SELECT derivation_index FROM deposit_addresses WHERE user_id = ${BigInt(row.user_id as string)} AND chain_currency = 'sol'`,
        ),
      );
      expect(stored?.derivation_index).toBe(row.derivation_index);
    }
    expect(await metric('aidf_solana_deposit_pool_free')).toBe(7);
    // The refill tops the free addresses back up, past every index used.
    expect(await refillSolanaDepositPool(server.app.repos, makeAddress, 12)).toBe(5);
    const after = await poolRows();
    expect(after.map((r) => r.derivation_index)).toEqual(Array.from({ length: 17 }, (_, i) => i));
  });

  it("fills the pool from a treasury process's background work, and the API hands its addresses out", async () => {
    const before = await server.app.repos.solanaDepositPool.freeCount();
    const treasury = startWorkers({
      roles: ['treasury'],
      repos: server.app.repos,
      chains: server.app.chains,
      pollMs: 50,
      log: server.app.log,
      allowChainReset: true,
      solanaDeposits: { makeAddress, ahead: before + 6 },
    });
    try {
      expect(treasury.started).toContain('solana-deposit-pool');
      await vi.waitFor(async () => expect(await server.app.repos.solanaDepositPool.freeCount()).toBe(before + 6), {
        timeout: 30_000,
        interval: 20,
      });
    } finally {
      await treasury.stop();
    }
    const user = await signUp(server, solanaWallet());
    const res = await solAddress(user, 'usdt');
    expect(res.json.code).toBe(200);
    expect((await poolRows()).find((r) => r.user_id === user.mid)?.address).toBe(res.json.data.address);
  });

  it('two treasuries refilling at once add each index once', async () => {
    const before = (await poolRows()).length;
    const added = await Promise.all([
      refillSolanaDepositPool(server.app.repos, makeAddress, 40),
      refillSolanaDepositPool(server.app.repos, makeAddress, 40),
    ]);
    const rows = await poolRows();
    expect(rows.length - before).toBe(added[0] + added[1]);
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
    expect(rows.filter((r) => r.user_id === null).length).toBeGreaterThanOrEqual(28);
  });
});

describe('[api] Solana deposit pool beside the seed', () => {
  it('starts past the indices of addresses derived before the pool, and refills on the spot when empty', async () => {
    const server = await startTestServer({ env: { SOLANA_DEPOSIT_POOL_AHEAD: '3' } });
    try {
      expect(server.app.solanaAddressMaker).not.toBeNull();
      const early = await signUp(server, solanaWallet());
      // An address handed out before the pool existed: derived at its user's id (migration 0030 kept that index).
      const oldAddress = server.app.deriveDepositAddress('sol', 40n) as string;
      await server.database.db.execute(
        sql`INSERT INTO deposit_addresses (user_id, chain_currency, address, derivation_index)
            VALUES (${BigInt(early.mid)}, 'sol', ${oldAddress}, 40)`,
      );
      expect(
        (
          await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${early.mid}/A`, {
            method: 'GET',
            token: early.token,
          })
        ).json.data.address,
      ).toBe(oldAddress);
      const late = await signUp(server, solanaWallet());
      const res = await call(server.baseUrl, `/v1/chn/coin/usdt/sol/address/${late.mid}/A`, {
        method: 'GET',
        token: late.token,
      });
      expect(res.json.code).toBe(200);
      expect(res.json.data.address).toBe(server.app.solanaAddressMaker?.(41));
      expect(await server.app.repos.solanaDepositPool.freeCount()).toBe(2);
    } finally {
      await server.close();
    }
  });
});
