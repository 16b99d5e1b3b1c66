import { Money } from '@aidf/contract';
import { call, type TestServer } from './test-server.ts';
import { type Account, ops, uniqueTimestamp } from './users.ts';
import { signed } from './wallets.ts';

/** The pledge API's calls and dates, shared by the pledging and the settlement tests. */
export const DAY_MS = 86_400_000;
export const today = () => new Date().toISOString().slice(0, 10);
export const dayAfter = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

export const setSetting = (server: TestServer, key: string, value: string) =>
  ops(server, 'POST', '/ops/v1/config', { key, value, reason: 'pledge tests' });

export async function pledgeCall(
  server: TestServer,
  user: Account,
  amount: string,
  days: number | string,
  submode = '00',
) {
  const body = await signed(user.wallet, 'pledge-', uniqueTimestamp());
  return { body, res: await pledgeWith(server, user, amount, days, submode, body) };
}

export function pledgeWith(
  server: TestServer,
  user: Account,
  amount: string,
  days: number | string,
  submode: string,
  body: unknown,
) {
  return call(server.baseUrl, `/v1/cow/fund/pledge/${amount}/${days}/${submode}`, { body, token: user.token });
}

export const listOf = async (server: TestServer, user: Account, type: '0' | '1' | '2') =>
  (await call(server.baseUrl, `/v1/cow/fund/fundOrder/p/${type}/1-100`, { token: user.token })).json.data;

/** What the database says a pledge was paid, day by day and in all. */
export async function paidOf(server: TestServer, pledgeId: string) {
  const payouts = await server.repos.pledges.payoutsOf(BigInt(pledgeId));
  const total = payouts.reduce((sum, p) => sum.plus(p.amount), new Money(0));
  const principal = payouts.reduce((sum, p) => sum.plus(p.principal), new Money(0));
  return { payouts, total, principal };
}
