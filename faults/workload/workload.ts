import { MINER_CURRENCIES } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/raw.ts';
import { depositor } from './chain.ts';
import { apiClient } from './client.ts';
import { dailyJobs } from './daily-jobs.ts';
import { openHarnessDatabase } from './harness-database.ts';
import { minerBuyers, minerItem } from './miner-orders.ts';
import * as op from './operations.ts';
import { seededRandom } from './random.ts';
import { createUsers } from './setup.ts';
import type { OperationKind, StartWorkload, WorkloadLog } from './types.ts';

/** How often each kind is picked: mostly transfers, as on the platform; the daily jobs run on a lane of their own. */
const WEIGHTS: Partial<Record<OperationKind, number>> = {
  transfer: 60,
  withdrawal: 8,
  pledge: 8,
  deposit: 6,
  'sign-in-wallet': 8,
  'sign-in-email': 2,
  order: 2,
};
/** The dev operator token of config.ts (the operator API outside production). */
export const DEV_OPERATOR_TOKEN = 'aidf-dev-operator-token';

/**
 * Starts the workload: creates the users (set-based, seconds), then `concurrency` phones issue signed requests
 * until stop(), and one lane forces the daily jobs day after day. Every request and every attempt is logged.
 */
export const startWorkload: StartWorkload = async (target, options) => {
  const random = seededRandom(options.seed);
  const log: WorkloadLog = {
    seed: options.seed,
    startedAt: Date.now(),
    endedAt: 0,
    requests: [],
    deposits: [],
    usernames: [],
    minerOrders: [],
  };
  const client = apiClient(target.baseUrl, log, {
    ...(target.requestSignSecret ? { secret: target.requestSignSecret } : {}),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  });
  const kinds = new Set(options.kinds ?? [...(Object.keys(WEIGHTS) as OperationKind[]), 'daily-job']);
  // The users are made on the database while the wallets get their floats on chain (one after the other: both
  // mint from the token owner's one nonce sequence).
  const [users, { chain, buyers }] = await Promise.all([
    createUsers(target.databaseUrl, { seed: options.seed, count: options.users, random }),
    (async () => {
      const chain = kinds.has('deposit') ? depositor(target.bscRpc, await usdtContract(target.databaseUrl)) : null;
      await chain?.prepare('10000000');
      const buyers = kinds.has('order') ? await prepareBuyers(target, client) : null;
      return { chain, buyers };
    })(),
  ]);
  log.usernames = users.map((u) => u.username);
  let tag = 0;
  const ctx: op.OperationContext = {
    client,
    users,
    hotSpot: options.hotSpot,
    random,
    host: target.signedHost ?? new URL(target.baseUrl).host,
    replayRate: options.replayRate ?? 0.1,
    nextTag: () => ++tag,
    used: new Map(),
  };

  const run: Record<string, () => Promise<void>> = {
    transfer: () => op.transfer(ctx),
    withdrawal: () => op.withdrawal(ctx),
    pledge: () => op.pledge(ctx),
    'sign-in-wallet': () => op.walletSignIn(ctx),
    'sign-in-email': () => op.emailSignIn(ctx),
    deposit: async () => {
      const user = users[random.int(users.length)];
      if (!chain || !user) return;
      // The wallet's own node failing (a chain fault) is what a phone shows as a failed send: nothing was sent.
      const sent = await chain.deposit(client, user, op.taggedAmount(5, ctx.nextTag())).catch((error: unknown) => {
        log.walletErrors = [
          ...(log.walletErrors ?? []),
          error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
        ];
        return null;
      });
      if (sent) log.deposits.push(sent);
    },
    order: async () => {
      // One machine per user (a second is refused while the first runs): each buyer buys once.
      const user = op.userWithQuota(ctx, 'order', 1);
      if (!buyers || !user) return;
      const order = await buyers.chain.buy(client, user, buyers.item).catch((error: unknown) => {
        log.walletErrors = [
          ...(log.walletErrors ?? []),
          error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
        ];
        return null;
      });
      if (order) log.minerOrders?.push(order);
    },
  };
  const weighted = Object.entries(WEIGHTS).filter(([kind]) => kinds.has(kind as OperationKind));
  const total = weighted.reduce((sum, [, w]) => sum + (w ?? 0), 0);
  const pick = () => {
    let roll = random.next() * total;
    for (const [kind, w] of weighted) {
      roll -= w ?? 0;
      if (roll < 0) return kind;
    }
    return weighted[0]?.[0] ?? 'transfer';
  };

  let stopped = false;
  const errors: unknown[] = [];
  /** What each phone is doing now and since when: a slow stop says what it waits on. */
  const busy = new Map<number, { kind: string; since: number }>();
  const phone = async (_: unknown, lane: number) => {
    while (!stopped && total > 0) {
      const kind = pick();
      busy.set(lane, { kind, since: Date.now() });
      await run[kind]?.().catch((error: unknown) => errors.push(error));
      busy.delete(lane);
    }
  };
  const lanes = Array.from({ length: options.concurrency ?? 16 }, phone);
  if (kinds.has('daily-job')) {
    const operatorToken = target.operatorToken ?? DEV_OPERATOR_TOKEN;
    lanes.push(
      dailyJobs(
        client,
        operatorToken,
        () => stopped,
        random,
        () => log.requests.length,
      ),
    );
  }
  return {
    log,
    async stop() {
      stopped = true;
      const waiting = setInterval(() => {
        const now = Date.now();
        const lines = [...busy.values()].map((b) => `${b.kind} for ${Math.round((now - b.since) / 1000)} s`);
        const open = log.requests.filter((r) => r.finalStatus === null || r.finalStatus >= 500).slice(-5);
        console.log(
          `  the workload's stop waits on: ${lines.join(', ') || 'the daily jobs'}; unanswered: ${open.map((r) => `${r.method} ${r.path} (${r.attempts.length} attempts)`).join(', ')}`,
        );
      }, 20_000);
      await Promise.all(lanes).finally(() => clearInterval(waiting));
      log.endedAt = Date.now();
      // A chain or client error outside a request is the harness's own fault: say so rather than hide it.
      if (errors.length > 0) throw new AggregateError(errors, `the workload failed ${errors.length} times`);
      return log;
    },
  };
};

/** The miner's buyers: the item they buy, and their funder given a float of every token an order is paid in. */
async function prepareBuyers(target: Parameters<StartWorkload>[0], client: ReturnType<typeof apiClient>) {
  const item = await minerItem(client);
  if (!item) throw new Error('no AI miner item is paid wholly on BNB Smart Chain');
  const chain = minerBuyers(target.bscRpc);
  const tokens = Object.fromEntries(
    await Promise.all(MINER_TOKENS.map(async (c) => [c, await tokenContract(target.databaseUrl, c)] as const)),
  );
  await chain.prepare(tokens, '100000000');
  return { item, chain };
}

/** The tokens on BNB Smart Chain an AI miner order may lack (MINER_CURRENCIES). */
const MINER_TOKENS = MINER_CURRENCIES.filter((c) => c.paid === 'chain' && c.chain === 'bsc' && c.token === 'token').map(
  (c) => c.currency,
);

const usdtContract = (databaseUrl: string) => tokenContract(databaseUrl, 'usdt');

async function tokenContract(databaseUrl: string, currency: string): Promise<`0x${string}`> {
  const database = await openHarnessDatabase(databaseUrl);
  try {
    const [row] = rowsOf<{ contract: string }>(
      await database.db.execute(
        sql`SELECT contract_address AS contract FROM token_configs WHERE chain_currency = 'bnb' AND currency = ${currency}`,
      ),
    );
    if (!row?.contract) throw new Error(`no ${currency} contract on BNB Smart Chain in token_configs`);
    return row.contract as `0x${string}`;
  } finally {
    await database.close();
  }
}
