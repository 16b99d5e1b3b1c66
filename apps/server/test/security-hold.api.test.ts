import { buildResetPasswordSignText } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { sendLoginCode } from '../src/domain/auth/email-login.ts';
import { smtpMailer } from '../src/domain/mail/mailer.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, transferBody, withdrawBody } from './users.ts';
import { evmWallet, signed, signedText, solanaWallet, type TestWallet } from './wallets.ts';

/**
 * A session alone could bind a fresh key, which then signed transfers and withdrawals. A bind
 * now needs a factor the account already has, and any security change holds outgoing money for a while.
 */

/** A bind body signed by the new wallet, co-signed (same text) by `confirmer` when given. */
async function bindBody(wallet: TestWallet, confirmer?: TestWallet, timestamp = Date.now()) {
  const own = await signed(wallet, 'bindAddress-', timestamp);
  const auth = confirmer ? { authSign: await confirmer.sign(own.signContent), authSignContent: own.signContent } : {};
  return { currency: wallet.currency, walletAddress: wallet.address, ...own, ...auth };
}

const bind = (server: TestServer, token: string, body: object) =>
  call(server.baseUrl, '/v1/ma/user/bindAddress', { token, body });

const boundOf = async (server: TestServer, token: string) =>
  (await call(server.baseUrl, '/v1/cow/user/index', { token })).json.data.bindAddress as { currency: string }[];

const userInfo = async (server: TestServer, who: { mid: string; token: string }) =>
  (await call(server.baseUrl, `/v1/ma/user/${who.mid}`, { method: 'GET', token: who.token })).json.data;

/** Moves every hold of a user into the past, as if SECURITY_HOLD_HOURS had gone by. */
async function endHolds(server: TestServer, mid: string) {
  await server.database.db.execute(
    sql`UPDATE security_changes SET hold_until = now() - interval '1 second' WHERE user_id = ${BigInt(mid)}`,
  );
}

async function changesOf(server: TestServer, mid: string) {
  const result = await server.database.db.execute(
    sql`SELECT kind, currency, wallet_address, hold_until - created_at AS hold FROM security_changes
        WHERE user_id = ${BigInt(mid)} ORDER BY id`,
  );
  return rowsOf<{ kind: string; currency: string | null; wallet_address: string | null }>(result);
}

/** The newest mail to `to` whose subject matches, waited for: the notice is sent after the answer. */
async function mailTo(mailbox: DevMailbox, to: string, subject: RegExp) {
  for (let waited = 0; waited < 5000; waited += 50) {
    const found = mailbox.messages().find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

const codeOf = (mail: { text: string }) => mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';

describe('[api] binding a wallet needs a factor the account already has', () => {
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

  it('refuses a fresh Solana key bound with only the session token (81013)', async () => {
    const victim = await signUp(server);
    const res = await bind(server, victim.token, await bindBody(solanaWallet()));
    expect(res.json.code).toBe(81013);
    expect(res.status).toBe(403);
    expect(await boundOf(server, victim.token)).toHaveLength(1);
    expect(await changesOf(server, victim.mid)).toEqual([]);
  });

  it('binds with the bound wallet co-signing the same text, and records the change with a 24 h hold', async () => {
    const alice = await signUp(server);
    const sol = solanaWallet();
    const res = await bind(server, alice.token, await bindBody(sol, alice.wallet));
    expect(res.status).toBe(200);
    expect(await boundOf(server, alice.token)).toHaveLength(2);
    const [change] = await changesOf(server, alice.mid);
    expect(change).toMatchObject({ kind: 'bind-address', currency: 'sol', wallet_address: sol.address });
    const holdUntil = (await userInfo(server, alice)).securityHoldUntil;
    expect(holdUntil).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    expect(holdUntil).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  });

  it('refuses a co-signature of a wallet not bound to the account, and one sent again (1229)', async () => {
    const bob = await signUp(server);
    expect((await bind(server, bob.token, await bindBody(solanaWallet(), evmWallet()))).json.code).toBe(1229);

    const first = solanaWallet();
    const timestamp = Date.now();
    const body = await bindBody(first, bob.wallet, timestamp);
    expect((await bind(server, bob.token, body)).status).toBe(200);
    const unbound = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: bob.token,
      body: { currency: 'sol', walletAddress: first.address, ...(await signed(first, 'unbindAddress-')) },
    });
    expect(unbound.status).toBe(200);
    // The slot is free again; the co-signature seen once must not bind another key.
    const other = solanaWallet();
    const replay = {
      ...(await bindBody(other, undefined, timestamp)),
      authSign: body.authSign,
      authSignContent: body.authSignContent,
    };
    const res = await bind(server, bob.token, replay);
    expect(res.json.code).toBe(1229);
    expect(res.json.msg).toContain('already used');
    expect(await boundOf(server, bob.token)).toHaveLength(1);
  });

  it('unbinds only with the signature of the wallet being removed, and holds money after it', async () => {
    const carol = await signUp(server);
    const sol = solanaWallet();
    expect((await bind(server, carol.token, await bindBody(sol, carol.wallet))).status).toBe(200);
    await endHolds(server, carol.mid);
    const stranger = solanaWallet();
    const byOther = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: carol.token,
      body: { currency: 'sol', walletAddress: stranger.address, ...(await signed(stranger, 'unbindAddress-')) },
    });
    expect(byOther.json.code).toBe(81002);
    expect((await userInfo(server, carol)).securityHoldUntil).toBeNull();

    const res = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: carol.token,
      body: { currency: 'sol', walletAddress: sol.address, ...(await signed(sol, 'unbindAddress-')) },
    });
    expect(res.status).toBe(200);
    expect((await changesOf(server, carol.mid)).map((c) => c.kind)).toEqual(['bind-address', 'unbind-address']);
    expect((await userInfo(server, carol)).securityHoldUntil).toBeGreaterThan(Date.now());
  });

  describe('an account without a wallet confirms with a code mailed to its own e-mail', () => {
    const email = 'dora@example.com';
    let dora: { token: string; mid: string };
    const sendBindCode = (to: string, token?: string) =>
      call(server.baseUrl, `/v1/mc/user/msg/verifycode/${encodeURIComponent(to)}/bind-address`, {
        ...(token ? { token } : {}),
      });

    beforeAll(async () => {
      // Codes sent minutes ago through the domain, so the API's 60 s resend limit leaves room for the test's own.
      const mailer = smtpMailer(mailbox.smtpUrl);
      const loginId = await sendLoginCode(server.repos, mailer, {
        email,
        language: 'en',
        now: new Date(Date.now() - 9 * 60_000),
      });
      mailer.close();
      const login = await call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
        body: { verifyCodeId: loginId, verifyCode: codeOf(await mailTo(mailbox, email, /sign-in/)), prodId: 3 },
      });
      expect(login.status, login.text).toBe(200);
      dora = { token: login.headers.get('authorization') ?? '', mid: login.json.data.mid };
    });

    it('refuses a bind without a code (81014), a code for another address (81014) or without a session (401)', async () => {
      const res = await bind(server, dora.token, await bindBody(solanaWallet()));
      expect(res.json.code).toBe(81014);
      expect((await sendBindCode('someone@example.com', dora.token)).json.code).toBe(81014);
      expect((await sendBindCode(email)).status).toBe(401);
    });

    it('refuses an expired code and a sign-in code (1227), then binds with a fresh code and tells the e-mail', async () => {
      const mailer = smtpMailer(mailbox.smtpUrl);
      const expiredId = await sendLoginCode(server.repos, mailer, {
        email,
        language: 'en',
        now: new Date(Date.now() - 7 * 60_000),
        purpose: 'bind-address',
      });
      await server.database.db.execute(
        sql`UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE id = ${BigInt(expiredId)}`,
      );
      const expiredCode = codeOf(await mailTo(mailbox, email, /bind a wallet/));
      const signInId = await sendLoginCode(server.repos, mailer, {
        email,
        language: 'en',
        now: new Date(Date.now() - 5 * 60_000),
      });
      const signInCode = codeOf(await mailTo(mailbox, email, /sign-in/));
      mailer.close();
      const sol = solanaWallet();
      const withCode = async (verifyCodeId: string, verifyCode: string) =>
        bind(server, dora.token, { ...(await bindBody(sol)), verifyCodeId, verifyCode });
      expect((await withCode(expiredId, expiredCode)).json.code).toBe(1227);
      expect((await withCode(signInId, signInCode)).json.code).toBe(1227);

      const sent = await sendBindCode(email, dora.token);
      expect(sent.status).toBe(200);
      const mail = await mailTo(mailbox, email, /bind a wallet/);
      const code = codeOf(mail);
      expect((await withCode(sent.json.data, code === '000000' ? '111111' : '000000')).json.code).toBe(1227);
      const res = await withCode(sent.json.data, code);
      expect(res.status).toBe(200);
      expect(await boundOf(server, dora.token)).toEqual([{ currency: 'sol', walletAddress: sol.address }]);

      const notice = await mailTo(mailbox, email, /Security change/);
      const until = new Date((await userInfo(server, dora)).securityHoldUntil).toISOString();
      expect(notice.text).toContain(sol.address);
      expect(notice.text).toContain(`${until.slice(0, 16).replace('T', ' ')} UTC`);
      expect(notice.text).toContain('If this was not you');
    });

    it('refuses the e-mail path once the account has a bound wallet (81013)', async () => {
      expect((await sendBindCode(email, dora.token)).json.code).toBe(81013);
      const res = await bind(server, dora.token, {
        ...(await bindBody(evmWallet())),
        verifyCodeId: '1',
        verifyCode: '123456',
      });
      expect(res.json.code).toBe(81013);
    });
  });
});

describe('[api] transfers wait out the security hold', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const transfer = async (from: Account, to: Account, amount: string) =>
    call(server.baseUrl, '/v1/cow/home/transfer', {
      token: from.token,
      body: await transferBody(from, to.username, 'usdt', amount),
    });

  it('refuses a transfer after a bind with 81012 until when, and moves it once the hold passed', async () => {
    const [erin, fay] = [await signUp(server), await signUp(server)];
    await credit(server, erin.username, 'usdt', '10');
    expect((await transfer(erin, fay, '1')).status).toBe(200);
    expect((await bind(server, erin.token, await bindBody(solanaWallet(), erin.wallet))).status).toBe(200);

    const held = await transfer(erin, fay, '2');
    expect(held.status).toBe(403);
    expect(held.json.code).toBe(81012);
    const until = (await userInfo(server, erin)).securityHoldUntil as number;
    expect(held.json.msg).toContain(new Date(until).toISOString());
    expect(await balanceOf(server, erin, 'usdt')).toBe('9');

    await endHolds(server, erin.mid);
    expect((await transfer(erin, fay, '2')).status).toBe(200);
    expect(await balanceOf(server, erin, 'usdt')).toBe('7');
  });

  it('holds money after a password reset too', async () => {
    const [gus, hal] = [await signUp(server), await signUp(server)];
    await credit(server, gus.username, 'usdt', '5');
    const host = new URL(server.baseUrl).host;
    const reset = await call(server.baseUrl, '/v1/ma/user/forget/password/web3', {
      body: {
        newPassword: 'Secret123',
        walletAddress: gus.wallet.address,
        ...(await signedText(gus.wallet, (timestampMs) => buildResetPasswordSignText({ host, timestampMs }))),
      },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.data.securityHoldUntil).toBeGreaterThan(Date.now());
    const fresh = { ...gus, token: reset.headers.get('authorization') ?? '' };
    expect((await changesOf(server, gus.mid)).map((c) => c.kind)).toEqual(['password']);
    expect((await transfer(fresh, hal, '1')).json.code).toBe(81012);
    await endHolds(server, gus.mid);
    expect((await transfer(fresh, hal, '1')).status).toBe(200);
  });
});

describe('[api] withdrawals wait out the security hold (BNB Smart Chain dev chain)', () => {
  let server: ChainTestServer;
  beforeAll(async () => {
    server = await startChainTestServer();
  });
  afterAll(() => server?.close());

  const withdraw = async (account: Account, amount: string) =>
    call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
      token: account.token,
      body: await withdrawBody(account, amount, evmWallet().address),
    });

  it('refuses a withdrawal after a bind with 81012 and debits nothing, then accepts it once the hold passed', async () => {
    const ivy = await signUp(server);
    await credit(server, ivy.username, 'cow', '50');
    expect((await bind(server, ivy.token, await bindBody(solanaWallet(), ivy.wallet))).status).toBe(200);
    const held = await withdraw(ivy, '10');
    expect(held.json.code).toBe(81012);
    expect(await balanceOf(server, ivy, 'cow')).toBe('50');

    await endHolds(server, ivy.mid);
    const res = await withdraw(ivy, '10');
    expect(res.status).toBe(200);
    expect(await balanceOf(server, ivy, 'cow')).toBe('40');
  });
});
