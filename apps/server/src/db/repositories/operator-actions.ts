import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { OperatorActor } from '../../domain/operator/roles.ts';
import type { AppDb } from '../client.ts';
import { operatorActions } from '../schema.ts';

export interface AuditEntry {
  actor: OperatorActor;
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
