import { pgTextArray } from '../workload/pg-array.ts';
import type { Attempt, LoggedRequest, OperationKind, Violation, WorkloadLog } from '../workload/types.ts';
import { amountKey, type CheckDb, outcomeOf, sql } from './db.ts';

/** The user's ledger line each money request makes, by its entry type (its amount tags the request). */
const LINE_OF: Partial<Record<OperationKind, { type: string; user: string }>> = {
  transfer: { type: 'user-transfer-out', user: 'from' },
  withdrawal: { type: 'chain-withdraw', user: 'user' },
  pledge: { type: 'cow-fund-buy', user: 'user' },
};

const lineKey = (type: string, username: string, amount: string) => `${type}|${username}|${amountKey(amount)}`;

/**
 * Every acknowledged (2xx) transfer, withdrawal and pledge is in the ledger exactly once; a refused one not at
 * all; one whose outcome the client never learnt at most once; and no line of those types on a workload user
 * came from no request (a retry booked under another key). Each request's amount is unique, so its debit line
 * (user, type, amount) names it.
 */
export async function acknowledgedOnce(db: CheckDb, log: WorkloadLog): Promise<Violation[]> {
  const lines = await db.rows<{ type: string; username: string; amount: string; movement: string }>(sql`
    SELECT e.type, u.username, e.amount::text AS amount, e.movement_id::text AS movement
    FROM entries e JOIN accounts a ON a.id = e.account_id JOIN users u ON u.id = a.owner_user_id
    WHERE a.kind = 'user' AND e.amount < 0 AND e.type IN ('user-transfer-out', 'chain-withdraw', 'cow-fund-buy')
      AND u.username = ANY(${pgTextArray(log.usernames)}::text[])`);
  const booked = new Map<string, string[]>();
  for (const l of lines) {
    const key = lineKey(l.type, l.username, l.amount);
    booked.set(key, [...(booked.get(key) ?? []), l.movement]);
  }
  const violations: Violation[] = [];
  const requested = new Set<string>();
  for (const request of log.requests) {
    const line = LINE_OF[request.kind];
    if (!line) continue;
    const key = lineKey(line.type, request.meta[line.user] ?? '', request.meta.amount ?? '0');
    requested.add(key);
    const movements = booked.get(key) ?? [];
    const outcome = outcomeOf(request);
    const allowed = outcome === 'acknowledged' ? [1] : outcome === 'refused' ? [0] : [0, 1];
    if (allowed.includes(movements.length)) continue;
    violations.push({
      invariant: 'acknowledged-once',
      message: `${request.kind} #${request.seq} ${outcome}, booked ${movements.length} times`,
      detail: { request: summary(request), movements },
    });
  }
  for (const [key, movements] of booked) {
    if (requested.has(key)) continue;
    violations.push({
      invariant: 'acknowledged-once',
      message: `a ledger line no request asked for: ${key}`,
      detail: { line: key, movements },
    });
  }
  return violations;
}

/** Fields of an answer that follow the thing's later life (a payout sent, a pledge paid), not the answer itself. */
const LIVE_FIELDS = new Set(['status', 'txId', 'settled', 'paidDays', 'nextPayTime']);

function answerOf(a: Attempt): string {
  const body = (a.body ?? {}) as { code?: unknown; data?: unknown };
  const data =
    body.data && typeof body.data === 'object' && !Array.isArray(body.data)
      ? Object.fromEntries(Object.entries(body.data).filter(([k]) => !LIVE_FIELDS.has(k)))
      : body.data;
  return JSON.stringify({ status: a.status, code: body.code, data });
}

/** Every answer to one idempotency key (retries and replays of the same bytes) is the first answer. */
export function replayFirstAnswer(log: WorkloadLog): Violation[] {
  const violations: Violation[] = [];
  for (const request of log.requests) {
    if (!LINE_OF[request.kind]) continue;
    const answered = request.attempts.filter((a) => a.status !== null && a.status < 500);
    const first = answered[0];
    if (!first) continue;
    const differing = answered.filter((a) => answerOf(a) !== answerOf(first));
    if (differing.length === 0) continue;
    violations.push({
      invariant: 'replay-first-answer',
      message: `${request.kind} #${request.seq}: key answered ${differing.length} times unlike its first answer`,
      detail: { key: request.key, first: first.body, firstStatus: first.status, later: differing.map(brief) },
    });
  }
  return violations;
}

/** Users see no 5xx but a 503 with Retry-After (the database unreachable); a network error is no answer at all. */
export function no5xx(log: WorkloadLog): Violation[] {
  const seen = new Map<string, { count: number; example: unknown }>();
  for (const request of log.requests) {
    for (const a of request.attempts) {
      if (a.status === null || a.status < 500 || (a.status === 503 && a.retryAfter)) continue;
      const kind = `${a.status} ${request.method} ${request.kind}`;
      const entry = seen.get(kind) ?? { count: 0, example: { seq: request.seq, path: request.path, ...brief(a) } };
      entry.count++;
      seen.set(kind, entry);
    }
  }
  return [...seen].map(([kind, { count, example }]) => ({
    invariant: 'no-5xx' as const,
    message: `${count} × ${kind}${kind.startsWith('503') ? ' without Retry-After' : ''}`,
    detail: { example },
  }));
}

const brief = (a: Attempt) => ({ status: a.status, body: a.body, at: a.at, replay: a.replay ?? false });

function summary(request: LoggedRequest) {
  return {
    seq: request.seq,
    kind: request.kind,
    key: request.key,
    meta: request.meta,
    attempts: request.attempts.map(brief),
  };
}
