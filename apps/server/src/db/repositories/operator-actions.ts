import type { TOperatorRole } from '@aidf/contract';
import { and, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { operatorActions } from '../schema.ts';

/** An operator as the audit trail records it (the domain's OperatorActor has this shape). */
interface OperatorActor {
  name: string;
  role: TOperatorRole;
  ip: string | null;
  cliUser?: string | undefined;
}

/** The server itself, for rows no operator caused (an alert of repeated sign-in failures). */
export interface SystemActor {
  name: string;
  role: 'system';
  ip: string | null;
  cliUser?: undefined;
}

export interface AuditEntry {
  actor: OperatorActor | SystemActor;
  action: string;
  /** What the action was on, as `kind:id` (user:12, withdrawal:3, setting:pledge.rate.90, ticket:5). */
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason: string;
  detail?: Record<string, unknown>;
  movementId?: bigint;
}

export interface AuditFilter {
  operator?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
}

/** The operators' audit trail (0023_operator_audit.sql): append-only, a trigger refuses UPDATE and DELETE. */
export function operatorActionsRepository(db: AppDb) {
  return {
    /** Called in the transaction of the action it records, so there is no action without its row. */
    async record(e: AuditEntry) {
      await db.insert(operatorActions).values({
        operator: e.actor.name,
        role: e.actor.role,
        clientAddress: e.actor.ip,
        action: e.action,
        target: e.target ?? null,
        before: e.before ?? null,
        after: e.after ?? null,
        reason: e.reason,
        // The person OPERATOR_TOKEN's caller says they are: unverified, so kept out of the operator column.
        detail: { ...(e.detail ?? {}), ...(e.actor.cliUser ? { cliUser: e.actor.cliUser } : {}) },
        ...(e.movementId === undefined ? {} : { movementId: e.movementId }),
      });
    },
    /**
     * What `operator` credited alone (applied at once, not through an approval) in `currency` since `since`:
     * one operator's credits in a currency over 24 hours count together against the threshold.
     */
    async creditedAloneSince(operator: string, currency: string, since: Date): Promise<string> {
      const result = await db.execute(sql`
        SELECT coalesce(sum((after_value->>'amount')::numeric), 0)::text AS total FROM operator_actions
        WHERE action = 'credit' AND operator = ${operator} AND created_at > ${since.toISOString()}::timestamptz
          AND after_value->>'currency' = ${currency} AND NOT (detail ? 'proposalId')`);
      return rowsOf<{ total: string }>(result)[0]?.total ?? '0';
    },
    /** Held until the transaction ends: one operator's credits in one currency are summed one at a time. */
    async lockCreditWindow(operator: string, currency: string) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`credit-window ${operator} ${currency}`}))`);
    },
    /** Alerts of repeated sign-in failures since `since` (the /metrics gauge). */
    async alertsSince(action: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(operatorActions)
        .where(and(eq(operatorActions.action, action), gt(operatorActions.createdAt, since)));
      return row?.n ?? 0;
    },
    /** Newest first. */
    async page(filter: AuditFilter, page: number, size: number) {
      const conditions: SQL[] = [];
      if (filter.operator) conditions.push(eq(operatorActions.operator, filter.operator));
      if (filter.action) conditions.push(eq(operatorActions.action, filter.action));
      if (filter.target) conditions.push(eq(operatorActions.target, filter.target));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(operatorActions)
          .where(where)
          .orderBy(desc(operatorActions.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(operatorActions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
