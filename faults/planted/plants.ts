// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the plants are server source text, its placeholders included
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvariantName } from '../workload/types.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One text edit of one server source file: `find` must occur exactly once (a refactor then fails loudly). */
interface Edit {
  file: string;
  find: string;
  replace: string;
}

/** A planted bug: the mutant build it makes and the invariant that must catch it. */
export interface Plant {
  name: string;
  /** The bug, as one would find it in a review. */
  bug: string;
  catches: InvariantName;
  edits: Edit[];
}

export const PLANTS: Plant[] = [
  {
    name: 'transfer-books-twice-on-retry',
    bug: 'a movement whose idempotency key is taken books again under a fresh key instead of answering the first',
    catches: 'acknowledged-once',
    edits: [
      {
        // A transfer's movement goes through postAlone (group commit), the other movements through postPrepared.
        file: 'apps/server/src/domain/ledger/post-movement.ts',
        find: '  return answered(repos.ledger.postMovementGrouped(toPost(movement, options)), options.claim);',
        replace: `  const posted = await answered(repos.ledger.postMovementGrouped(toPost(movement, options)), options.claim);
  if (posted.replayed) return postAlone(repos, { ...movement, idemKey: \`\${movement.idemKey}:again:\${Date.now()}\` });
  return posted;`,
      },
    ],
  },
  {
    name: 'replay-answers-another-movement',
    bug: "a transfer's replay answers the id of another movement than the one it booked",
    catches: 'replay-first-answer',
    edits: [
      {
        file: 'apps/server/src/domain/transfer/transfer.ts',
        find: '  return postAlone(repos, prepared, { claim, notice });',
        replace: `  const posted = await postAlone(repos, prepared, { claim, notice });
  return posted.replayed ? { ...posted, movementId: posted.movementId + 1n } : posted;`,
      },
    ],
  },
  {
    name: 'refund-ignores-paid-state',
    bug: 'a payout that was mined is settled as a failure: the user is refunded and the chain paid too',
    catches: 'withdrawal-settled-once',
    edits: [
      {
        file: 'apps/server/src/domain/withdraw/payout/settle.ts',
        find: "const confirmed = 'confirmedIn' in outcome;",
        replace: 'const confirmed = false;',
      },
    ],
  },
  {
    name: 'daily-job-without-its-claim',
    bug:
      'a refactor lets a day run again "correct" itself: each batch is keyed by its run, the true-up reads the ' +
      'payout before the day, and the (pledge, day) row is upserted instead of claimed, so a day run again pays again',
    catches: 'job-day-once',
    edits: [
      {
        file: 'apps/server/src/jobs/daily-batch-job.ts',
        find: 'idemKey: `${definition.name}:${day}:${after}-${last}`',
        replace: 'idemKey: `${definition.name}:${day}:${after}-${last}:${Date.now()}`',
      },
      {
        file: 'apps/server/src/db/repositories/pledges.ts',
        find: 'SELECT x.day, x.total FROM pledge_payouts x WHERE x.pledge_id = p.id ORDER BY',
        replace: 'SELECT x.day, x.total FROM pledge_payouts x WHERE x.pledge_id = p.id AND x.day < ${day} ORDER BY',
      },
      {
        file: 'apps/server/src/db/repositories/pledges.ts',
        find: ' AND (l.day IS NULL OR l.day < ${day})',
        replace: '',
      },
      {
        file: 'apps/server/src/db/repositories/pledges.ts',
        find: `          FROM due d
          ON CONFLICT DO NOTHING`,
        replace: `          FROM due d
          ON CONFLICT (pledge_id, day) DO UPDATE SET amount = excluded.amount, principal = excluded.principal,
            total = excluded.total, movement_id = excluded.movement_id`,
      },
    ],
  },
  {
    name: 'watcher-skips-a-deposit',
    bug: "the deposit watcher moves its cursor past a range's first deposit without crediting it",
    catches: 'deposit-credited-once',
    edits: [
      {
        // The range's first deposit, not its first transfer: a range's transfers begin with the native coin's
        // (BNB gas top-ups) and on Solana hold every balance rise of the watched tokens, strangers' too.
        file: 'apps/server/src/domain/chain/deposit-watcher.ts',
        find: '  return credits;\n}',
        replace: '  return credits.slice(1);\n}',
      },
    ],
  },
  {
    name: 'lease-ttl-in-seconds',
    bug: "a work lease's time-to-live in milliseconds is read as seconds: a dead holder keeps it for hours",
    catches: 'lease-not-stale',
    edits: [
      {
        file: 'apps/server/src/db/repositories/chain.ts',
        find: "VALUES (${name}, ${owner}, now() + ${ttlMs} * interval '1 millisecond')",
        replace: "VALUES (${name}, ${owner}, now() + ${ttlMs} * interval '1 second')",
      },
    ],
  },
  {
    name: 'reserves-tree-leaves-a-user-out',
    bug: "the reserves report's Merkle sum tree leaves one user out, while its stated balances count everyone",
    catches: 'reserves-balanced',
    edits: [
      {
        file: 'apps/server/src/domain/treasury/reserves-report.ts',
        find: 'const leaves = reportLeaves(currencies, users);',
        replace: 'const leaves = reportLeaves(currencies, users.slice(1));',
      },
    ],
  },
  {
    name: 'order-paid-by-its-first-currency',
    bug: 'a miner order priced in two chain currencies is completed once one of them is paid; the other is credited',
    catches: 'miner-order-paid-once',
    edits: [
      {
        file: 'apps/server/src/domain/machine/order-payment.ts',
        find: 'return Object.values(amounts).every((f) => f === undefined || stillLacking(f).isZero());',
        replace: 'return Object.values(amounts).some((f) => f !== undefined && stillLacking(f).isZero());',
      },
    ],
  },
  {
    name: 'transfer-throws-unexpectedly',
    bug: 'an unexpected error in the transfer path for some amounts: a 500, not a business answer',
    catches: 'no-5xx',
    edits: [
      {
        file: 'apps/server/src/domain/transfer/transfer.ts',
        find: '  const { receiver } = context;',
        replace: `  if (input.amount.endsWith('7')) throw new Error('planted: an unexpected failure');
  const { receiver } = context;`,
      },
    ],
  },
  {
    name: 'balance-moves-more-than-entries',
    bug: "booking moves an account's balance by a millionth more than its entries say",
    catches: 'ledger-check',
    edits: [
      {
        // The booking is SQL (post_movement, last defined by migration 0048), and the harness migrates the database
        // with the honest sources before the instances start: a mutant migration would never be applied. So the
        // mutant build redefines the functions at each start, after the migrations, as a later migration would.
        file: 'apps/server/src/db/migrate.ts',
        find: "      await session.exec('COMMIT');\n      return pending;",
        replace: `      const planted = fs
        .readFileSync(path.join(MIGRATIONS_DIR, '0048_post_movements_batch.sql'), 'utf8')
        .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')
        .replace('SET balance = a.balance + s.total\\n', 'SET balance = a.balance + s.total * 1.000001\\n');
      if (!planted.includes('* 1.000001')) throw new Error('planted: the balance update of post_movement is not there');
      await session.exec(planted);
      await session.exec('COMMIT');
      return pending;`,
      },
    ],
  },
];

/**
 * The `replace` map of buildServer for one plant, or several in one build: each file's whole text with every
 * edit applied in turn.
 */
export function mutantSources(...plants: Plant[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const plant of plants) {
    for (const edit of plant.edits) {
      const text = texts[edit.file] ?? fs.readFileSync(path.join(repoRoot, edit.file), 'utf8');
      const count = text.split(edit.find).length - 1;
      if (count !== 1) throw new Error(`plant ${plant.name}: ${edit.file} holds its text ${count} times, not once`);
      texts[edit.file] = text.replace(edit.find, () => edit.replace);
    }
  }
  return texts;
}
