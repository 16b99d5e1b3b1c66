import { buildTransferSignText, buildWithdrawSignText } from '@aidf/contract';
import { privateKeyToAccount } from 'viem/accounts';
import type { ApiClient } from './client.ts';
import type { Random } from './random.ts';
import { WORKLOAD_PASSWORD, type WorkloadUser } from './setup.ts';
import type { LoggedRequest } from './types.ts';

/** What every operation needs: the client, the users (hot spot first), the seeded random and the host texts name. */
export interface OperationContext {
  client: ApiClient;
  users: WorkloadUser[];
  hotSpot: number;
  random: Random;
  host: string;
  replayRate: number;
  /** A unique number per operation: it tags each amount, so each ledger line names the request it came from. */
  nextTag(): number;
  /** Per user and kind, how many were asked today (withdrawals: 2 a day; pledges: the daily limit). */
  used: Map<string, number>;
}

/** An amount unique to its request: `whole`.{tag in six digits}, e.g. 1.000042. */
export const taggedAmount = (whole: number, tag: number) => `${whole}.${String(tag % 1_000_000).padStart(6, '0')}`;

let lastTimestamp = 0;
/** Distinct millisecond timestamps, so two signed texts of one wallet are never the same text. */
export function uniqueTimestamp() {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/** Most transfers touch the hot spot (as sender or receiver), so its accounts' rows are fought over. */
function transferPair(ctx: OperationContext): [WorkloadUser, WorkloadUser] {
  const { users, hotSpot, random } = ctx;
  const hot = () => users[random.int(hotSpot)] as WorkloadUser;
  const any = () => users[random.int(users.length)] as WorkloadUser;
  const roll = random.next();
  const [from, to] = roll < 0.4 ? [any(), hot()] : roll < 0.7 ? [hot(), any()] : [any(), any()];
  return from === to ? [from, users[(users.indexOf(to) + 1) % users.length] as WorkloadUser] : [from, to];
}

/** Sends the same request again after an answer, now and then: the phone that lost the first answer. */
async function maybeReplay(ctx: OperationContext, logged: LoggedRequest, token: string) {
  const answered = logged.finalStatus !== null && logged.finalStatus < 300;
  if (answered && ctx.random.chance(ctx.replayRate)) await ctx.client.replay(logged, token);
}

export async function transfer(ctx: OperationContext) {
  const [from, to] = transferPair(ctx);
  const amount = taggedAmount(1, ctx.nextTag());
  const timestampMs = uniqueTimestamp();
  const signContent = buildTransferSignText({
    host: ctx.host,
    amount,
    currency: 'usdt',
    username: to.username,
    timestampMs,
  });
  const logged = await ctx.client.send({
    kind: 'transfer',
    key: `transfer:${from.address}:${signContent}`,
    method: 'POST',
    path: '/v1/cow/home/transfer',
    token: from.token,
    body: {
      amount,
      currency: 'usdt',
      username: to.username,
      sign: await from.sign(signContent),
      signContent,
      timestamp: timestampMs,
    },
    meta: { from: from.username, to: to.username, currency: 'usdt', amount },
  });
  await maybeReplay(ctx, logged, from.token);
}

/** Picks a user with some of `kind` left today (`limit` a day), or null when all are used up. */
export function userWithQuota(ctx: OperationContext, kind: string, limit: number): WorkloadUser | null {
  for (let tries = 0; tries < 20; tries++) {
    const user = ctx.users[ctx.random.int(ctx.users.length)] as WorkloadUser;
    const key = `${kind}:${user.username}`;
    const used = ctx.used.get(key) ?? 0;
    if (used < limit) {
      ctx.used.set(key, used + 1);
      return user;
    }
  }
  return null;
}

/** A COW withdrawal to a fresh address of its own: the chain's transfers to it are this withdrawal's only. */
export async function withdrawal(ctx: OperationContext) {
  const user = userWithQuota(ctx, 'withdrawal', 2);
  if (!user) return;
  const address = privateKeyToAccount(ctx.random.key()).address;
  const amount = taggedAmount(3, ctx.nextTag());
  const timestampMs = uniqueTimestamp();
  const signContent = buildWithdrawSignText({ host: ctx.host, amount, currency: 'cow', address, timestampMs });
  const logged = await ctx.client.send({
    kind: 'withdrawal',
    key: `withdraw:${user.address}:${signContent}`,
    method: 'POST',
    path: '/v1/oms/assets/withdraw/web3',
    token: user.token,
    body: {
      amount,
      currency: 'cow',
      chainCurrency: 'bnb',
      address,
      sign: await user.sign(signContent),
      signContent,
      timestamp: timestampMs,
    },
    meta: { user: user.username, currency: 'cow', amount, address },
  });
  await maybeReplay(ctx, logged, user.token);
}

/** A 30-day pledge of AIDF from the normal balance (three a day per user, the seeded daily limit). */
export async function pledge(ctx: OperationContext) {
  const user = userWithQuota(ctx, 'pledge', 3);
  if (!user) return;
  const amount = taggedAmount(2, ctx.nextTag());
  const timestampMs = uniqueTimestamp();
  const signContent = `pledge-${timestampMs}`;
  const logged = await ctx.client.send({
    kind: 'pledge',
    key: `pledge:${user.address}:${signContent}`,
    method: 'POST',
    path: `/v1/cow/fund/pledge/${amount}/30/00`,
    token: user.token,
    body: { sign: await user.sign(signContent), signContent, timestamp: timestampMs },
    meta: { user: user.username, currency: 'aidf', amount, days: '30' },
  });
  await maybeReplay(ctx, logged, user.token);
}

/** A wallet sign-in ('Login-{ms}' signed): each signature is good once, so it is never replayed. */
export async function walletSignIn(ctx: OperationContext) {
  const user = ctx.users[ctx.random.int(ctx.users.length)] as WorkloadUser;
  const timestampMs = uniqueTimestamp();
  const signContent = `Login-${timestampMs}`;
  await ctx.client.send({
    kind: 'sign-in-wallet',
    key: null,
    method: 'POST',
    path: '/v1/sso/dapp/addressLogin',
    body: {
      currency: 'bnb',
      walletAddress: user.address,
      inviteCode: null,
      sign: await user.sign(signContent),
      signContent,
      timestamp: timestampMs,
    },
    meta: { user: user.username },
  });
}

/** An e-mail and password sign-in of one of the users who have an e-mail. */
export async function emailSignIn(ctx: OperationContext) {
  const withEmail = ctx.users.filter((u) => u.email);
  if (withEmail.length === 0) return;
  const user = ctx.random.pick(withEmail);
  const email = user.email as string;
  await ctx.client.send({
    kind: 'sign-in-email',
    key: null,
    method: 'POST',
    path: `/v1/sso/login/message/${encodeURIComponent(email)}`,
    body: { loginName: email, loginPwd: WORKLOAD_PASSWORD, inviteCode: null },
    meta: { user: user.username },
  });
}
