import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
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

interface Waiting {
  movement: MovementToPost;
  resolve: (posted: PostedMovement) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for movements posted outside any transaction (an internal transfer): a movement posted while
 * BATCHES_IN_FLIGHT batches are being written waits, and the ones that waited go together in the next statement
 * (post_movements, migration 0048), one transaction for all of them. Alone, a movement goes at once through the
 * single call, so a quiet server answers as fast as before; under load a transfer costs the database and this
 * process a share of one statement instead of a statement of its own. Each movement gets the answer it would
 * have had alone: its movement id and whether it was a retry, or its refusal (MovementRefused, which
 * postPrepared maps as it maps the single call's). When a batch fails for any other reason (a deadlock, a lost
 * connection, a movement the database rejects), nothing of it was written, and each of its movements is posted
 * alone, so one bad movement never fails the others; a batch whose commit was lost on the way answers through
 * the movements' idempotency keys as retries.
 */
export function movementBatcher(db: AppDb, postOne: (movement: MovementToPost) => Promise<PostedMovement>) {
  let statement: PreparedRaw | null = null;
  const waiting: Waiting[] = [];
  let inFlight = 0;

  async function postBatch(batch: Waiting[]) {
    statement ??= prepareRaw(db, POST_MOVEMENTS, 'ledger_post_movements');
    const payload = batch.map(({ movement: m }) => ({
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
    let rows: { o_ord: number; movement_id: string | null; replayed: boolean; refusal: string | null }[];
    try {
      rows = rowsOf(await statement.execute({ batch: JSON.stringify(payload) }));
    } catch {
      // Nothing of the batch was written: each movement alone gets its own answer (or its own error).
      await Promise.all(batch.map((w) => postOne(w.movement).then(w.resolve, w.reject)));
      return;
    }
    for (const row of rows) {
      const w = batch[row.o_ord - 1];
      if (!w) continue;
      if (row.refusal) w.reject(new MovementRefused(row.refusal));
      else if (row.movement_id === null) w.reject(new Error('post_movements answered no movement'));
      else w.resolve({ movementId: BigInt(row.movement_id), replayed: row.replayed });
    }
    if (rows.length !== batch.length) {
      const answered = new Set(rows.map((r) => r.o_ord));
      for (const [i, w] of batch.entries()) {
        if (!answered.has(i + 1)) w.reject(new Error('post_movements left a movement unanswered'));
      }
    }
  }

  function pump() {
    while (inFlight < BATCHES_IN_FLIGHT && waiting.length > 0) {
      const batch = waiting.splice(0, MOVEMENTS_PER_BATCH);
      inFlight += 1;
      const sent =
        batch.length === 1
          ? postOne((batch[0] as Waiting).movement).then((batch[0] as Waiting).resolve, (batch[0] as Waiting).reject)
          : postBatch(batch).catch((error: unknown) => {
              for (const w of batch) w.reject(error);
            });
      void sent.finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /** How many movements wait for a batch in flight to end (a test holds the batches to see them gather). */
    waiting: () => waiting.length,
    /** Posts the movement with the others waiting beside it; answers as postMovement does. */
    post(movement: MovementToPost): Promise<PostedMovement> {
      return new Promise<PostedMovement>((resolve, reject) => {
        waiting.push({ movement, resolve, reject });
        pump();
      });
    },
  };
}
