import { repositories } from '../../apps/server/src/db/repositories/index.ts';
import { checkLedger } from '../../apps/server/src/domain/ledger/check.ts';
import type { Violation } from '../workload/types.ts';
import type { CheckDb } from './db.ts';

/** `ledger:check` (the operator command's own check): balances = entries, every currency and movement sums to 0. */
export async function ledgerCheck(db: CheckDb): Promise<Violation[]> {
  const { ok, ...found } = await checkLedger(repositories(db.database.db));
  if (ok) return [];
  return Object.entries(found)
    .filter(([, list]) => Array.isArray(list) && list.length > 0)
    .map(([kind, list]) => ({
      invariant: 'ledger-check' as const,
      message: `ledger:check: ${kind} (${(list as unknown[]).length})`,
      detail: { kind, rows: (list as unknown[]).slice(0, 20) },
    }));
}
