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
        file: 'apps/server/src/domain/ledger/post-movement.ts',
        find: `    const first = await tx.ledger.movementByIdem(movement.idemKey);
    if (!first) throw new Error('idempotency key taken by no movement');
    return { movementId: first.id, replayed: true };`,
        replace: `    return postPrepared(tx, { ...movement, idemKey: \`\${movement.idemKey}:again:\${Date.now()}\` });`,
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
        find: 'return repos.transaction((tx) => postPrepared(tx, prepared, () => claimSignedRequest(tx, { ...input, ...signer })));',
        replace: `const posted = await repos.transaction((tx) =>
    postPrepared(tx, prepared, () => claimSignedRequest(tx, { ...input, ...signer })),
  );
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
        file: 'apps/server/src/domain/withdraw/payout-worker.ts',
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
    bug: "the deposit watcher moves its cursor past a range's first transfer without crediting it",
    catches: 'deposit-credited-once',
    edits: [
      {
        file: 'apps/server/src/domain/chain/deposit-watcher.ts',
        find: 'for (const transfer of transfers) {',
        replace: 'for (const transfer of transfers.slice(1)) {',
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
    name: 'transfer-throws-unexpectedly',
    bug: 'an unexpected error in the transfer path for some amounts: a 500, not a business answer',
    catches: 'no-5xx',
    edits: [
      {
        file: 'apps/server/src/domain/transfer/transfer.ts',
        find: '  const receiver = await repos.users.byUsername(canonicalUsername(input.username));',
        replace: `  if (input.amount.endsWith('7')) throw new Error('planted: an unexpected failure');
  const receiver = await repos.users.byUsername(canonicalUsername(input.username));`,
      },
    ],
  },
  {
    name: 'balance-moves-more-than-entries',
    bug: "booking moves an account's balance by a millionth more than its entries say",
    catches: 'ledger-check',
    edits: [
      {
        file: 'apps/server/src/db/repositories/ledger.ts',
        find: 'UPDATE accounts a SET balance = a.balance + s.total\n',
        replace: 'UPDATE accounts a SET balance = a.balance + s.total * 1.000001\n',
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
