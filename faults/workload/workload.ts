import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/raw.ts';
import { depositor } from './chain.ts';
import { apiClient } from './client.ts';
import { dailyJobs } from './daily-jobs.ts';
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
};
/** The dev operator token of config.ts (the operator API outside production). */
const DEV_OPERATOR_TOKEN = 'aidf-dev-operator-token';

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
  };
  const users = await createUsers(target.databaseUrl, { seed: options.seed, count: options.users, random });
  log.usernames = users.map((u) => u.username);
  const client = apiClient(target.baseUrl, log, {
    ...(target.requestSignSecret ? { secret: target.requestSignSecret } : {}),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  });
  const kinds = new Set(options.kinds ?? [...(Object.keys(WEIGHTS) as OperationKind[]), 'daily-job']);
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
  const chain = kinds.has('deposit') ? depositor(target.bscRpc, await usdtContract(target.databaseUrl)) : null;
  await chain?.prepare('10000000');

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
  const phone = async () => {
    while (!stopped && total > 0) {
      await run[pick()]?.().catch((error: unknown) => errors.push(error));
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
      await Promise.all(lanes);
      log.endedAt = Date.now();
      // A chain or client error outside a request is the harness's own fault: say so rather than hide it.
      if (errors.length > 0) throw new AggregateError(errors, `the workload failed ${errors.length} times`);
      return log;
    },
  };
};

async function usdtContract(databaseUrl: string): Promise<`0x${string}`> {
  const database = await openDatabase({ databaseUrl, dataDir: ':memory:', onConnectionLost: () => {} });
  try {
    const [row] = rowsOf<{ contract: string }>(
      await database.db.execute(
        sql`SELECT contract_address AS contract FROM token_configs WHERE chain_currency = 'bnb' AND currency = 'usdt'`,
      ),
    );
    if (!row?.contract) throw new Error('no USDT contract on BNB Smart Chain in token_configs');
    return row.contract as `0x${string}`;
  } finally {
    await database.close();
  }
}
