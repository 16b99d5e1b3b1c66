import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { gatherer, type Settled } from '../gather.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';

/** One movement as post_movement takes it (see the ledger repository's postMovement). */
export interface MovementToPost {
  type: string;
  idemKey: string;
  ref: string | null;
  lines: readonly { accountId: bigint; amount: string; type: string }[];
  claim: { address: string; signContent: string; fresh: boolean } | null;
  notice: object | null;
}

export interface PostedMovement {
  movementId: bigint;
  replayed: boolean;
}

/** A refusal of post_movement (AM229, AM230, AM232), as the single call raises it: `code` names it. */
export class MovementRefused extends Error {
  constructor(readonly code: string) {
    super(`movement refused (${code})`);
    this.name = 'MovementRefused';
  }
}

const POST_MOVEMENTS = sql`
  SELECT o_ord, o_movement_id::text AS movement_id, o_replayed AS replayed, o_refusal AS refusal
  FROM post_movements(${sql.placeholder('batch')}::jsonb)`;

/** How many movements one statement carries at most: each is a subtransaction, and 64 is where they overflow. */
export const MOVEMENTS_PER_BATCH = 32;
/** How many batches may be in flight at once: the rest of the pool stays free for everything else. */
export const BATCHES_IN_FLIGHT = 2;

/**
 * Group commit for movements posted outside any transaction (an internal transfer): a movement posted while
 * BATCHES_IN_FLIGHT batches are being written waits, and the ones that waited go together in the next statement
 * (post_movements, migration 0048), one transaction for all of them (`gatherer`). Alone, a movement goes at once
 * through the single call, so a quiet server answers as fast as before; under load a transfer costs the database
 * and this process a share of one statement instead of a statement of its own. Each movement gets the answer it
 * would have had alone: its movement id and whether it was a retry, or its refusal (MovementRefused, which
 * postPrepared maps as it maps the single call's). When a batch fails for any other reason (a deadlock, a lost
 * connection, a movement the database rejects), nothing of it was written, and each of its movements is posted
 * alone, so one bad movement never fails the others; a batch whose commit was lost on the way answers through
 * the movements' idempotency keys as retries.
 */
export function movementBatcher(db: AppDb, postOne: (movement: MovementToPost) => Promise<PostedMovement>) {
  let statement: PreparedRaw | null = null;

  async function postMany(movements: MovementToPost[]): Promise<Settled<PostedMovement>[]> {
    statement ??= prepareRaw(db, POST_MOVEMENTS, 'ledger_post_movements');
    const payload = movements.map((m) => ({
      type: m.type,
      idemKey: m.idemKey,
      ref: m.ref,
      accounts: m.lines.map((l) => l.accountId.toString()),
      amounts: m.lines.map((l) => l.amount),
      types: m.lines.map((l) => l.type),
      claimAddress: m.claim?.address ?? null,
      claimContent: m.claim?.signContent ?? null,
      claimFresh: m.claim?.fresh ?? true,
      notice: m.notice,
    }));
    const rows = rowsOf<{ o_ord: number; movement_id: string | null; replayed: boolean; refusal: string | null }>(
      await statement.execute({ batch: JSON.stringify(payload) }),
    );
    const byOrd = new Map(rows.map((row) => [row.o_ord, row]));
    return movements.map((_, i): Settled<PostedMovement> => {
      const row = byOrd.get(i + 1);
      if (!row) return { error: new Error('post_movements left a movement unanswered') };
      if (row.refusal) return { error: new MovementRefused(row.refusal) };
      if (row.movement_id === null) return { error: new Error('post_movements answered no movement') };
      return { ok: { movementId: BigInt(row.movement_id), replayed: row.replayed } };
    });
  }

  const gathered = gatherer({
    one: postOne,
    many: postMany,
    perBatch: MOVEMENTS_PER_BATCH,
    inFlight: BATCHES_IN_FLIGHT,
  });
  return {
    /** How many movements wait for a batch in flight to end (a test holds the batches to see them gather). */
    waiting: gathered.waiting,
    /** Posts the movement with the others waiting beside it; answers as postMovement does. */
    post: gathered.call,
  };
}
