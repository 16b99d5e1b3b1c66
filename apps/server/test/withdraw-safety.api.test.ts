import { buildAddressBookSignText, buildResetPasswordSignText } from '@aidf/contract';
import { Secret, TOTP } from 'otpauth';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, uniqueTimestamp, withdrawBody } from './users.ts';
import { signedText, solanaWallet } from './wallets.ts';

/**
 * The withdrawal address book: bad input changes nothing; a new address is usable only once confirmed (a wallet
 * signature or an e-mail code) and after the security hold; 'address book only' refuses every other destination and
 * takes the same confirmation and hold to turn off. The authenticator, once on, is required for withdrawals and
 * address-book changes; a code is accepted once, a recovery code once, and failures are limited.
 */
describe('[api] withdrawal address book and authenticator', () => {
  let server: ChainTestServer;
  let mailbox: DevMailbox;
  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startChainTestServer({ SMTP_URL: mailbox.smtpUrl, HOT_WALLET_PRIVATE_KEY: generatePrivateKey() });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  }, 120_000);

  const BOOK = '/v1/oms/assets/withdraw/address-book';
  /** The kinds in the user's inbox, newest first. */
  const noticeKinds = async (token: string) =>
    (
      (await call(server.baseUrl, '/v1/ma/notice/p/1-50', { method: 'GET', token })).json.data.list as {
        kind: string;
      }[]
    ).map((n) => n.kind);
  const book = async (token: string) => (await call(server.baseUrl, BOOK, { method: 'GET', token })).json.data;
  const add = (token: string, label: string, address: string) =>
    call(server.baseUrl, BOOK, { token, body: { chain: 'bsc', label, address } });
  const confirm = (token: string, id: string, body: Record<string, unknown>) =>
    call(server.baseUrl, `${BOOK}/${id}/confirm`, { token, body });
  const only = (token: string, body: Record<string, unknown>) =>
    call(server.baseUrl, '/v1/oms/assets/withdraw/address-book-only', { token, body });
  const withdraw = async (user: Account, amount: string, to: string) =>
    call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
      token: user.token,
      body: await withdrawBody(user, amount, to),
    });
  const walletSigned = (user: Account, change: { change: 'add'; address: string } | { change: 'only-off' }) =>
    signedText(
      user.wallet,
      (timestampMs) => buildAddressBookSignText({ host: user.host, timestampMs, ...change }),
      uniqueTimestamp(),
    );
  /** Moves an instant the server set (a hold's end) into the past, as time passing would. */
  const pass = (sql: string) => server.database.withSession((session) => session.exec(sql));

  it('refuses a long label, a wrong checksum, an address of the other chain, a twice-added address: nothing added', async () => {
    const user = await signUp(server);
    const to = (await chainWallet(server.evm)).address;
    const hex = to.slice(2);
    const at = [...hex].findIndex((c) => /[a-f]/i.test(c));
    const flipped = hex[at] === hex[at]?.toLowerCase() ? hex[at]?.toUpperCase() : hex[at]?.toLowerCase();
    expect((await add(user.token, 'x'.repeat(200), to)).json.code).toBe(81082);
    expect((await add(user.token, '   ', to)).json.code).toBe(81082);
    expect((await add(user.token, 'typo', `0x${hex.slice(0, at)}${flipped}${hex.slice(at + 1)}`)).json.code).toBe(
      81016,
    );
    expect((await add(user.token, 'solana', solanaWallet().address)).json.code).toBe(81010);
    expect((await book(user.token)).entries).toEqual([]);
    const added = await add(user.token, 'my ledger', to.toLowerCase());
    expect(added.json.data).toMatchObject({ label: 'my ledger', address: to, status: 'unconfirmed', usableAt: null });
    expect((await add(user.token, 'again', to)).json.code).toBe(81085);
    expect((await book(user.token)).entries).toHaveLength(1);
  });

  it('takes a wallet signature and the hold before an address is usable; address book only refuses all else', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '100');
    const mine = (await chainWallet(server.evm)).address;
    const other = (await chainWallet(server.evm)).address;
    expect(await book(user.token)).toMatchObject({ confirmWith: 'wallet', holdHours: 24, only: { on: false } });
    const entry = (await add(user.token, 'cold wallet', mine)).json.data;

    expect((await confirm(user.token, entry.id, {})).json.code).toBe(81013);
    const wrongText = await walletSigned(user, { change: 'add', address: other });
    expect((await confirm(user.token, entry.id, wrongText)).json.code).toBe(1231);
    const before = Date.now();
    const confirmed = await confirm(user.token, entry.id, await walletSigned(user, { change: 'add', address: mine }));
    expect(confirmed.json.data).toMatchObject({ status: 'held' });
    expect(confirmed.json.data.usableAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 5_000);
    expect(
      (await confirm(user.token, entry.id, await walletSigned(user, { change: 'add', address: mine }))).json.code,
    ).toBe(81087);

    expect((await only(user.token, { on: true })).json.data).toEqual({ on: true, offAt: null });
    expect((await withdraw(user, '10', other)).json.code).toBe(81083);
    expect((await withdraw(user, '10', mine)).json.code).toBe(81084);
    expect(await balanceOf(server, user, 'cow')).toBe('100');

    await pass(`UPDATE address_book SET usable_at = now() - interval '1 second' WHERE id = ${BigInt(entry.id)}`);
    expect((await book(user.token)).entries[0].status).toBe('usable');
    expect((await withdraw(user, '10', mine)).json.code).toBe(200);

    // Turning it off: the same confirmation, then the same hold; until then it still refuses.
    expect((await only(user.token, { on: false })).json.code).toBe(81013);
    const off = await only(user.token, { on: false, ...(await walletSigned(user, { change: 'only-off' })) });
    expect(off.json.data.on).toBe(true);
    expect(off.json.data.offAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await withdraw(user, '10', other)).json.code).toBe(81083);
    await pass(`UPDATE address_book_only SET off_at = now() - interval '1 second' WHERE user_id = ${BigInt(user.mid)}`);
    expect((await book(user.token)).only).toEqual({ on: false, offAt: null });
    expect((await withdraw(user, '10', other)).json.code).toBe(200);
    expect((await only(user.token, { on: false })).json.code).toBe(81088);

    expect((await call(server.baseUrl, `${BOOK}/${entry.id}/remove`, { token: user.token, body: {} })).json.code).toBe(
      200,
    );
    expect((await book(user.token)).entries).toEqual([]);
  });

  it('confirms an address of an account with e-mail by a code mailed for it; a wrong code changes nothing', async () => {
    const user = await signUp(server);
    const email = `book-${uniqueTimestamp()}@example.com`;
    // An account with both a wallet and an e-mail (as one that signed up by e-mail and bound a wallet): the code.
    await pass(`UPDATE users SET email = '${email}' WHERE id = ${BigInt(user.mid)}`);
    const token = user.token;
    expect((await book(token)).confirmWith).toBe('email');
    const entry = (await add(token, 'exchange', (await chainWallet(server.evm)).address)).json.data;

    expect((await confirm(token, entry.id, { sign: '0x00', signContent: 'x', timestamp: Date.now() })).json.code).toBe(
      81014,
    );
    expect(
      (await call(server.baseUrl, `/v1/mc/user/msg/verifycode/someone-else%40example.com/address-book`, { token })).json
        .code,
    ).toBe(81014);
    const sent = await call(server.baseUrl, `/v1/mc/user/msg/verifycode/${encodeURIComponent(email)}/address-book`, {
      token,
    });
    const mail = mailbox.messages().find((m) => m.to.includes(email) && /address book/.test(m.subject));
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm(token, entry.id, { verifyCodeId: sent.json.data, verifyCode: wrong })).json.code).toBe(1227);
    expect((await book(token)).entries[0].status).toBe('unconfirmed');
    const confirmed = await confirm(token, entry.id, { verifyCodeId: sent.json.data, verifyCode: code });
    expect(confirmed.json.data.status).toBe('held');
    expect((await confirm(token, entry.id, { verifyCodeId: sent.json.data, verifyCode: code })).json.code).toBe(81087);
    // Each change of the book is a security notice: the add and the confirmation, not the refused attempts.
    expect(await noticeKinds(token)).toEqual(['address-book', 'address-book']);
  });

  it('turns the authenticator on with a code of the shown secret; then withdrawals and book changes need a code, each once', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '100');
    const to = (await chainWallet(server.evm)).address;
    const AUTH = '/v1/ma/user/authenticator';
    const post = (path: string, body: unknown = {}) => call(server.baseUrl, path, { token: user.token, body });
    expect((await call(server.baseUrl, AUTH, { method: 'GET', token: user.token })).json.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // Off: nothing is asked.
    expect((await withdraw(user, '5', to)).json.code).toBe(200);

    const setup = (await post(`${AUTH}/setup`)).json.data as { secret: string; otpauthUri: string };
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), period: 30 });
    const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    const now = codeAt(0);
    expect((await post(`${AUTH}/enable`, { code: now === '000000' ? '111111' : '000000' })).json.code).toBe(81091);
    const enabled = await post(`${AUTH}/enable`, { code: now });
    const recovery = enabled.json.data.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await post(`${AUTH}/setup`)).json.code).toBe(81092);
    expect(await noticeKinds(user.token)).toEqual(['authenticator']);
    expect((await call(server.baseUrl, AUTH, { method: 'GET', token: user.token })).json.data).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    const withdrawWith = async (totpCode: string | undefined) =>
      call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
        token: user.token,
        body: { ...(await withdrawBody(user, '10', to)), ...(totpCode ? { totpCode } : {}) },
      });
    expect((await withdrawWith(undefined)).json.code).toBe(81090);
    // The code that turned it on was used: refused again (a replay), as any code of an earlier step.
    expect((await withdrawWith(now)).json.code).toBe(81091);
    expect(await balanceOf(server, user, 'cow')).toBe('95');
    const next = codeAt(1);
    expect((await withdrawWith(next)).json.code).toBe(200);
    expect(await balanceOf(server, user, 'cow')).toBe('85');

    // A recovery code confirms an address-book entry once; the same code is refused afterwards.
    const entry = (await add(user.token, 'with a code', to)).json.data;
    const signedAdd = await walletSigned(user, { change: 'add', address: to });
    expect((await confirm(user.token, entry.id, signedAdd)).json.code).toBe(81090);
    const used = recovery[0] as string;
    const confirmed = await confirm(user.token, entry.id, {
      ...(await walletSigned(user, { change: 'add', address: to })),
      totpCode: used.toLowerCase(),
    });
    expect(confirmed.json.data.status).toBe('held');
    expect((await only(user.token, { on: true })).json.code).toBe(200);
    const off = { on: false, ...(await walletSigned(user, { change: 'only-off' })), totpCode: used };
    expect((await only(user.token, off)).json.code).toBe(81091);
    expect((await call(server.baseUrl, AUTH, { method: 'GET', token: user.token })).json.data.recoveryCodesLeft).toBe(
      9,
    );

    // A password reset needs the code too (a recovery code here); the reset signs in anew.
    const resetBody = async () => ({
      newPassword: 'Secret123',
      ...(await signedText(
        user.wallet,
        (timestampMs) => buildResetPasswordSignText({ host: user.host, timestampMs }),
        uniqueTimestamp(),
      )),
    });
    const RESET = '/v1/ma/user/forget/password/web3';
    expect((await call(server.baseUrl, RESET, { body: await resetBody() })).json.code).toBe(81090);
    const reset = await call(server.baseUrl, RESET, { body: { ...(await resetBody()), totpCode: recovery[2] } });
    expect(reset.json.code).toBe(200);
    user.token = reset.headers.get('authorization') ?? '';

    // Failures are limited like the password's: once the budget is spent even a right code is refused (9000).
    let answer = 0;
    for (let i = 0; i < 6 && answer !== 9000; i++) {
      answer = (await post(`${AUTH}/disable`, { code: 'WRONG-CODE' })).json.code;
    }
    expect(answer).toBe(9000);
    expect((await post(`${AUTH}/disable`, { code: recovery[1] })).json.code).toBe(9000);
    expect((await call(server.baseUrl, AUTH, { method: 'GET', token: user.token })).json.data.enabled).toBe(true);
  });
});
