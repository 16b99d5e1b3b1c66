import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositSource, ScannedTransfer } from '../src/chain/deposit-source.ts';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { sendLoginCode } from '../src/domain/auth/email-login.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { smtpMailer } from '../src/domain/mail/mailer.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, uniqueTimestamp, withdrawBody } from './users.ts';
import { evmWallet, signed } from './wallets.ts';

/**
 * Races found in review. Each test fires the racing requests at once against a real server;
 * on PostgreSQL they run on separate connections and collide, on PGlite (one connection) they are serialised
 * and the test checks the same outcome.
 */

const query = <R>(server: TestServer, sql: string, params?: unknown[]) =>
  server.database.withSession((s) => s.query<R>(sql, params));

describe('[api] races in sign-in and invitations', () => {
  let server: TestServer;
  let mailbox: DevMailbox;
  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startTestServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  });
  afterAll(async () => {
    await server.close();
    await mailbox.close();
  });

  const register = (who: Account, inviteCode: string) =>
    call(server.baseUrl, '/v1/cow/home/register', { token: who.token, body: { inviteCode } });

  /** Users whose inviter chain leads back to themselves. */
  const usersInACycle = async () =>
    query<{ id: string }>(
      server,
      `WITH RECURSIVE up(start, id, depth) AS (
         SELECT id, inviter_id, 1 FROM users WHERE inviter_id IS NOT NULL
         UNION ALL
         SELECT up.start, u.inviter_id, up.depth + 1 FROM up JOIN users u ON u.id = up.id
         WHERE u.inviter_id IS NOT NULL AND up.id <> up.start AND up.depth < 1000
       )
       SELECT DISTINCT start::text AS id FROM up WHERE id = start`,
    );

  it('binds no invitation cycle when pairs and a triangle invite each other at the same moment', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => [await signUp(server), await signUp(server)] as const),
    );
    const [a, b, c] = [await signUp(server), await signUp(server), await signUp(server)];
    const results = await Promise.all([
      ...pairs.flatMap(([x, y]) => [register(x, y.username), register(y, x.username)]),
      register(a, b.username),
      register(b, c.username),
      register(c, a.username),
    ]);
    for (const res of results) expect([200, 1119]).toContain(res.json.code);
    expect(await usersInACycle()).toEqual([]);
    // Each pair binds exactly one way round, the triangle two of its three edges.
    for (let i = 0; i < pairs.length; i++) {
      const codes = [results[2 * i]?.json.code, results[2 * i + 1]?.json.code].sort((x, y) => x - y);
      expect(codes).toEqual([200, 1119]);
    }
    expect(results.slice(-3).filter((r) => r.json.code === 200)).toHaveLength(2);
  });

  it('creates one user, with its bound address, for 10 first sign-ins of one address at once', async () => {
    const wallet = evmWallet();
    // 10: what one client may try on one address per minute (the sign-in attempt limit).
    const results = await Promise.all(
      Array.from({ length: 10 }, async () =>
        call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
          body: {
            currency: wallet.currency,
            walletAddress: wallet.address,
            inviteCode: null,
            ...(await signed(wallet, 'Login-', uniqueTimestamp())),
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const mids = new Set(results.map((r) => r.json.data.mid));
    expect(mids.size).toBe(1);
    const users = await query<{ id: string }>(server, 'SELECT id::text AS id FROM users WHERE wallet_address = $1', [
      wallet.address,
    ]);
    expect(users.map((u) => u.id)).toEqual([...mids]);
    const bound = await query<{ user_id: string }>(
      server,
      'SELECT user_id::text AS user_id FROM bound_addresses WHERE currency = $1 AND wallet_address = $2',
      [wallet.currency, wallet.address],
    );
    expect(bound.map((b) => b.user_id)).toEqual([...mids]);
  });

  const loginWith = (email: string, verifyCodeId: string, verifyCode: string) =>
    call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
      body: { verifyCodeId, verifyCode, inviteCode: null, prodId: 3 },
    });
  /** The code of the newest mail to `to`. */
  const newestCode = (to: string) => {
    const code = mailbox
      .messages()
      .find((m) => m.to.includes(to))
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };

  it('gives distinct usernames to 12 first sign-ins at once whose names start alike', async () => {
    // 'racername@…' on 12 domains: every one of them asks for the username 'racername' first.
    const emails = Array.from({ length: 12 }, (_, i) => `racername@race${i}.test`);
    const codes: { email: string; id: string; code: string }[] = [];
    for (const email of emails) {
      const sent = await call(server.baseUrl, `/v1/mc/user/msg/verifycode/${encodeURIComponent(email)}/message-login`);
      expect(sent.status).toBe(200);
      codes.push({ email, id: sent.json.data, code: newestCode(email) });
    }
    const results = await Promise.all(codes.map((c) => loginWith(c.email, c.id, c.code)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const usernames = results.map((r) => r.json.data.username as string);
    expect(new Set(usernames).size).toBe(emails.length);
    expect(usernames).toContain('racername');
    for (const name of usernames) expect(name).toMatch(/^racername\d*$/);
  });

  it('creates one user for first sign-ins of one e-mail at once, each with its own code', async () => {
    const email = 'twice@race.test';
    const mailer = smtpMailer(mailbox.smtpUrl);
    const codes: { id: string; code: string }[] = [];
    // Six codes a minute apart, all still valid now (the resend wait is one minute).
    const start = Date.now() - 7 * 60_000;
    for (let i = 0; i < 6; i++) {
      const id = await sendLoginCode(server.repos, mailer, {
        email,
        language: 'en',
        now: new Date(start + i * 61_000),
      });
      codes.push({ id, code: newestCode(email) });
    }
    mailer.close();
    const results = await Promise.all(codes.map((c) => loginWith(email, c.id, c.code)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(new Set(results.map((r) => r.json.data.mid)).size).toBe(1);
    const users = await query<{ n: number }>(server, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(users[0]?.n).toBe(1);
  });
});

describe('[api] withdrawals and deposit credits of one user at once', () => {
  const USERS = 16;
  let server: ChainTestServer;
  let users: (Account & { depositAddress: string })[];

  beforeAll(async () => {
    server = await startChainTestServer();
    users = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const user = await signUp(server);
        await credit(server, user.username, 'cow', '100');
        const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, {
          method: 'GET',
          token: user.token,
        });
        return { ...user, depositAddress: res.json.data.address as string };
      }),
    );
  });
  afterAll(() => server?.close());

  /** A chain on which every block pays 1 COW to the deposit address of `target.user`, and never ends. */
  function busyChain(target: { user: { depositAddress: string } }): DepositSource {
    return {
      chain: 'bsc',
      chainCurrency: 'bnb',
      genesisHash: async () => '0xrace',
      heads: async () => ({ head: 1_000_001n, confirmed: 1_000_000n }),
      blockHash: async () => null,
      transfers: async (from, to) => {
        const transfers: ScannedTransfer[] = [];
        for (let n = from; n <= to; n++) {
          transfers.push({
            txHash: `0x${n.toString(16).padStart(64, '0')}`,
            eventIndex: '0',
            blockNumber: n,
            blockHash: `0xb${n}`,
            currency: 'cow',
            tokenContract: server.evm.tokens.cow,
            from: null,
            to: target.user.depositAddress,
            amount: '1',
          });
        }
        return { transfers, lastBlockHash: `0xb${to}` };
      },
    };
  }

  const withdraw = async (user: Account) =>
    call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
      token: user.token,
      body: await withdrawBody(user, '20', evmWallet().address),
    });

  it('answers every withdrawal while deposits to the same user are credited (no deadlock, no 500)', async () => {
    const target = { user: users[0] as (typeof users)[number] };
    // One block per scan, so the scans follow each other fast and every one credits the user in question.
    const watcher = depositWatcher({
      repos: server.repos,
      source: busyChain(target),
      owner: 'race',
      allowChainReset: true,
      maxRange: 1n,
    });
    const credited = new Map<string, number>();
    const scanErrors: string[] = [];
    const answers: Awaited<ReturnType<typeof withdraw>>[] = [];
    for (const user of users) {
      target.user = user;
      let done = false;
      let scanning!: () => void;
      const scanned = new Promise<void>((resolve) => {
        scanning = resolve;
      });
      const scans = (async () => {
        while (!done) {
          try {
            const result = await watcher.tick();
            if (result.outcome !== 'scanned') throw new Error(`scan ended with ${result.outcome}`);
            credited.set(user.mid, (credited.get(user.mid) ?? 0) + result.credited);
            // Let the requests in between: PGlite has one connection and would serve the scans alone.
            await new Promise((resolve) => setTimeout(resolve, 1));
          } catch (error) {
            // Drizzle wraps the database's error ("deadlock detected") as the cause of a "Failed query".
            scanErrors.push(String((error as Error).cause ?? error));
          }
          scanning();
        }
      })();
      // Two withdrawals that debit and one over the daily limit, while the scans credit the same user: sent
      // once the first scan has ended, so that they meet the ones after it.
      await scanned;
      answers.push(...(await Promise.all([withdraw(user), withdraw(user), withdraw(user)])));
      done = true;
      await scans;
    }
    expect(scanErrors).toEqual([]);
    expect(answers.filter((a) => a.status >= 500).map((a) => a.text)).toEqual([]);
    expect(answers.filter((a) => a.json.code === 200)).toHaveLength(2 * USERS);
    expect(answers.filter((a) => a.json.code === 81008)).toHaveLength(USERS);
    for (const user of users) {
      expect(await balanceOf(server, user, 'cow')).toBe(String(100 + (credited.get(user.mid) ?? 0) - 2 * 20));
    }
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
