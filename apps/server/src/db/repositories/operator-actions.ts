import type { AppDb } from '../client.ts';
import { operatorActions } from '../schema.ts';

export function operatorActionsRepository(db: AppDb) {
  return {
    async record(a: { operator: string; action: string; reason: string; detail: unknown; movementId?: bigint }) {
      await db.insert(operatorActions).values(a);
    },
  };
}
