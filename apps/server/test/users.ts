import { AMOUNT_TEXT, buildTransferSignText, buildWithdrawSignText } from '@aidf/contract';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import type { DevMailbox } from '../src/dev/mailbox.ts';
import { call, type TestServer } from './test-server.ts';
import { evmWallet, signed, signedText, type TestWallet } from './wallets.ts';

export interface Account {
  wallet: TestWallet;
  token: string;
  mid: string;
  username: string;
  /** The server's host as a browser on it names it in signed texts ('127.0.0.1:port'). */
  host: string;
}

/** Signs a new wallet up through the API, as a user would; with `inviteCode`, through an invite link's code. */
export async function signUp(
  server: TestServer,
  wallet: TestWallet = evmWallet(),
  inviteCode: string | null = null,
): Promise<Account> {
  const res = await call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
    body: {
      currency: wallet.currency,
      walletAddress: wallet.address,
      inviteCode,
      ...(await signed(wallet, 'Login-')),
    },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.text}`);
  return {
    wallet,
    token: res.headers.get('authorization') ?? '',
    mid: res.json.data.mid,
    username: res.json.data.username,
    host: new URL(server.baseUrl).host,
  };
}

/** Calls the operator API with the dev operator token, as `npm run operator` does. */
export async function ops(server: TestServer, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
      'x-operator': 'tests',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  return { status: res.status, json: (await res.json()) as any };
}

/** Credits a balance through the operator API. */
export async function credit(server: TestServer, username: string, currency: string, amount: string, submode = '00') {
  const res = await ops(server, 'POST', '/ops/v1/credit', {
    username,
    currency,
    submode,
    amount,
    reason: 'test funding',
  });
  if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
  return res.json;
}

/** A user's balance of one currency, read through the assets call. */
export async function balanceOf(server: TestServer, account: Account, currency: string, submode = '00') {
  const res = await call(server.baseUrl, `/v1/ma/account/assets/${account.mid}`, {
    method: 'GET',
    token: account.token,
  });
  const row = (res.json.data as { currency: string; submode: string; balance: string }[]).find(
    (b) => b.currency === currency && b.submode === submode,
  );
  return row?.balance ?? '0';
}

let lastTimestamp = 0;
/** Distinct millisecond timestamps, so concurrent signed requests of one wallet never share a text. */
export function uniqueTimestamp() {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/** A transfer's body, its readable text signed by the sender's wallet (an unparsable amount signs as given). */
export async function transferBody(from: Account, to: string, currency: string, amount: string) {
  const text = (timestampMs: number) => {
    const fields = { host: from.host, currency, username: to, timestampMs };
    return AMOUNT_TEXT.test(amount) ? buildTransferSignText({ ...fields, amount }) : `transfer-${timestampMs}`;
  };
  return { amount, currency, username: to, ...(await signedText(from.wallet, text, uniqueTimestamp())) };
}

/** A COW withdrawal's body, its readable text signed by the account's wallet. */
export async function withdrawBody(account: Account, amount: string, address: string, timestamp = uniqueTimestamp()) {
  const text = (timestampMs: number) =>
    buildWithdrawSignText({ host: account.host, amount, currency: 'cow', address, timestampMs });
  return {
    amount,
    currency: 'cow',
    chainCurrency: 'bnb',
    address,
    ...(await signedText(account.wallet, text, timestamp)),
  };
}

/** Signs an e-mail in by its mailed code, as the e-mail dialog does, creating the account with `inviteCode`. */
export async function emailAccount(server: TestServer, mailbox: DevMailbox, email: string, inviteCode: string | null) {
  const sent = await call(server.baseUrl, `/v1/mc/user/msg/verifycode/${encodeURIComponent(email)}/message-login`);
  const code = mailbox
    .messages()
    .find((m) => m.to.includes(email))
    ?.text.match(/\b(\d{6})\b/)?.[1];
  const res = await call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
    body: { verifyCodeId: sent.json.data, verifyCode: code, inviteCode, prodId: 3 },
  });
  if (res.status !== 200) throw new Error(`e-mail sign-in failed: ${JSON.stringify(res.json)}`);
}
