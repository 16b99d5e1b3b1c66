import {
  buildResetPasswordSignText,
  buildTransferSignText,
  buildWithdrawSignText,
  Money,
  moneyString,
} from '@aidf/contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, transferBody, uniqueTimestamp, withdrawBody } from './users.ts';
import { signed, signedText } from './wallets.ts';

/**
 * Transfer, withdrawal and password reset sign a readable text naming the site, the action
 * and its essentials; the server rebuilds it from the request, so a signature made for one request (or on
 * a phishing page) moves nothing else, and a used signature never answers another body with its result.
 */
const TRANSFER = '/v1/cow/home/transfer';
const WITHDRAW = '/v1/oms/assets/withdraw/web3';
const RESET = '/v1/ma/user/forget/password/web3';

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

describe('[api] signed transfer texts', () => {
  let server: TestServer;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob, carol] = [await signUp(server), await signUp(server), await signUp(server)];
    await credit(server, alice.username, 'usdt', '1000');
  });
  afterAll(() => server.close());

  const send = (body: Record<string, unknown>) => call(server.baseUrl, TRANSFER, { token: alice.token, body });
  const balances = async () => Promise.all([alice, bob, carol].map((a) => balanceOf(server, a, 'usdt')));

  it("refuses a signature of 'Transfer 1 USDT to bob' sent with 500 USDT or to carol: nothing moves", async () => {
    const before = await balances();
    const signedForOne = await transferBody(alice, bob.username, 'usdt', '1');
    for (const body of [
      { ...signedForOne, amount: '500' },
      { ...signedForOne, username: carol.username },
      { ...signedForOne, currency: 'cow' },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe(1231);
    }
    expect(await balances()).toEqual(before);
  });

  it("refuses an opaque 'transfer-{ms}' signature, which says nothing of amount or recipient", async () => {
    const before = await balances();
    const res = await send({
      amount: '500',
      currency: 'usdt',
      username: carol.username,
      ...(await signed(alice.wallet, 'transfer-', uniqueTimestamp())),
    });
    expect(res.json.code).toBe(1231);
    expect(await balances()).toEqual(before);
  });

  it('refuses a text that names another site', async () => {
    const fields = { amount: '1', currency: 'usdt', username: bob.username };
    const res = await send({
      ...fields,
      ...(await signedText(
        alice.wallet,
        (timestampMs) => buildTransferSignText({ ...fields, host: 'aidf-phish.example', timestampMs }),
        uniqueTimestamp(),
      )),
    });
    expect(res.json.code).toBe(1233);
  });

  it('answers the same signature with another body 409, and with the same body the first result, moving once', async () => {
    const before = await balances();
    const body = await transferBody(alice, bob.username, 'usdt', '2.50');
    expect((await send(body)).json.code).toBe(200);
    for (const other of [
      { ...body, amount: '500' },
      { ...body, username: carol.username },
    ]) {
      const res = await send(other);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe(1232);
    }
    const again = await send({ ...body, amount: '2.5' }); // the same amount, written another way
    expect(again.json.code).toBe(200);
    const moved = (balance: string | undefined, by: string) => moneyString(new Money(balance ?? '0').plus(by));
    expect(await balances()).toEqual([moved(before[0], '-2.5'), moved(before[1], '2.5'), before[2]]);
  });
});

describe('[api] signed withdrawal texts', () => {
  let server: ChainTestServer;
  beforeAll(async () => {
    server = await startChainTestServer();
  }, 300_000);
  afterAll(() => server?.close());

  const send = (who: Account, body: Record<string, unknown>) =>
    call(server.baseUrl, WITHDRAW, { token: who.token, body });
  const withdrawalsOf = async (who: Account) =>
    (await call(server.baseUrl, '/v1/oms/assets/withdraw/web3/p/1-10', { method: 'GET', token: who.token })).json.data
      .total;

  it("refuses a phishing page's signature of 'Withdraw 1 COW to X' sent with 500 COW or to Y: nothing debited", async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '600');
    const signedForOne = await withdrawBody(user, '1', freshAddress());
    for (const body of [
      { ...signedForOne, amount: '500' },
      { ...signedForOne, address: freshAddress() },
    ]) {
      const res = await send(user, body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe(1231);
    }
    expect(await balanceOf(server, user, 'cow')).toBe('600');
    expect(await withdrawalsOf(user)).toBe(0);
  });

  it("refuses an opaque 'withdraw-{ms}' signature for any amount and address", async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '600');
    const res = await send(user, {
      amount: '500',
      currency: 'cow',
      chainCurrency: 'bnb',
      address: freshAddress(),
      ...(await signed(user.wallet, 'withdraw-', uniqueTimestamp())),
    });
    expect(res.json.code).toBe(1231);
    expect(await balanceOf(server, user, 'cow')).toBe('600');
  });

  it('refuses a text that names another site', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '50');
    const fields = { amount: '5', currency: 'cow', address: freshAddress() };
    const res = await send(user, {
      ...fields,
      chainCurrency: 'bnb',
      ...(await signedText(user.wallet, (timestampMs) =>
        buildWithdrawSignText({ ...fields, host: 'aidf-phish.example', timestampMs }),
      )),
    });
    expect(res.json.code).toBe(1233);
    expect(await balanceOf(server, user, 'cow')).toBe('50');
  });

  it('answers the same signature with another body 409, and with the same body the first withdrawal, debiting once', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '600');
    const body = await withdrawBody(user, '10', freshAddress());
    const first = await send(user, body);
    expect(first.json.code).toBe(200);
    for (const other of [
      { ...body, amount: '500' },
      { ...body, address: freshAddress() },
    ]) {
      const res = await send(user, other);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe(1232);
    }
    const again = await send(user, body);
    expect(again.json.code).toBe(200);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(await balanceOf(server, user, 'cow')).toBe('590');
    expect(await withdrawalsOf(user)).toBe(1);
  });
});

describe('[api] signed password-reset texts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const resetBody = async (who: Account, newPassword: string, host = who.host) => ({
    newPassword,
    walletAddress: who.wallet.address,
    ...(await signedText(
      who.wallet,
      (timestampMs) => buildResetPasswordSignText({ host, timestampMs }),
      uniqueTimestamp(),
    )),
  });
  const reset = (body: Record<string, unknown>) => call(server.baseUrl, RESET, { body });
  const canLogIn = async (who: Account, password: string) =>
    (
      await call(server.baseUrl, `/v1/sso/login/message/${who.username}`, {
        body: { loginName: who.username, loginPwd: password, inviteCode: null },
      })
    ).status === 200;

  it("refuses an opaque 'resetPassword-{ms}' signature and a text naming another site", async () => {
    const user = await signUp(server);
    const opaque = {
      newPassword: 'Phished123',
      walletAddress: user.wallet.address,
      ...(await signed(user.wallet, 'resetPassword-', uniqueTimestamp())),
    };
    expect((await reset(opaque)).json.code).toBe(1231);
    expect((await reset(await resetBody(user, 'Phished123', 'aidf-phish.example'))).json.code).toBe(1233);
    expect(await canLogIn(user, 'Phished123')).toBe(false);
  });

  it('answers the same signature with another password 409 and keeps the first password', async () => {
    const user = await signUp(server);
    const body = await resetBody(user, 'First1234');
    expect((await reset(body)).json.code).toBe(200);
    const other = await reset({ ...body, newPassword: 'Second1234' });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe(1232);
    // A reset opens a session, so even the same body is done once per signature.
    expect((await reset(body)).json.code).toBe(1232);
    expect(await canLogIn(user, 'Second1234')).toBe(false);
    expect(await canLogIn(user, 'First1234')).toBe(true);
  });
});

describe('[api] PUBLIC_HOSTS names the sites signed texts may name', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_HOSTS: 'AIDF.example, www.aidf.example' } });
  });
  afterAll(() => server.close());

  it('accepts a text naming a configured host and refuses the Host the request came with', async () => {
    const [alice, bob] = [await signUp(server), await signUp(server)];
    await credit(server, alice.username, 'usdt', '10');
    const fields = { amount: '1', currency: 'usdt', username: bob.username };
    const naming = async (host: string) => ({
      ...fields,
      ...(await signedText(
        alice.wallet,
        (timestampMs) => buildTransferSignText({ ...fields, host, timestampMs }),
        uniqueTimestamp(),
      )),
    });
    const own = await call(server.baseUrl, TRANSFER, { token: alice.token, body: await naming(alice.host) });
    expect(own.json.code).toBe(1233);
    const site = await call(server.baseUrl, TRANSFER, { token: alice.token, body: await naming('www.aidf.example') });
    expect(site.json.code).toBe(200);
    expect(await balanceOf(server, bob, 'usdt')).toBe('1');
  });
});
