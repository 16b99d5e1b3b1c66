import { type Money, moneyString, type TTransactionType } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { AccountRef } from '../../db/repositories/ledger.ts';
import type { MovementToPost, PostedMovement } from '../../db/repositories/movement-batch.ts';
import { AppError } from '../errors.ts';
import type { MovementNotice } from '../notifications/notify.ts';

export interface MovementLine {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amount: Money;
  /** The label the account's owner sees; the movement's type when omitted. */
  type?: TTransactionType;
}

export interface Movement {
  type: TTransactionType;
  /** Unique per business event: a retry with the same key moves nothing and answers the first result. */
  idemKey: string;
  ref?: string | null;
  lines: MovementLine[];
}

export interface PreparedMovement extends Movement {
  accountIds: bigint[];
}

/** The lines of each currency must sum to zero: money is moved, never made or lost, by a movement. */
function assertBalanced(lines: MovementLine[]) {
  const sums = new Map<string, Money>();
  for (const line of lines) {
    if (line.amount.isZero()) throw new Error('a ledger line of zero');
    const sum = sums.get(line.account.currency);
    sums.set(line.account.currency, sum ? sum.plus(line.amount) : line.amount);
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`movement does not balance in ${currency}: ${moneyString(sum)}`);
  }
}

/** Checks the lines and makes sure their accounts exist; run before the movement's transaction. */
export async function prepareMovement(repos: Repositories, movement: Movement): Promise<PreparedMovement> {
  assertBalanced(movement.lines);
  const accountIds = await repos.ledger.ensureAccounts(movement.lines.map((line) => line.account));
  return { ...movement, accountIds };
}

/** The wallet signature a signed request's movement claims with it (used_signatures: once per signature). */
export interface MovementClaim {
  address: string;
  signContent: string;
  /** Whether the signature is still within its 5 minutes: a stale one is refused (1229) unless a retry answers. */
  fresh: boolean;
  /** The answer to a signature used before; 1232 when omitted. */
  reused?: () => AppError;
}

/** What the ledger's SQL function raises for a refusal, and the answer each is. */
const REFUSALS: Record<string, (claim: MovementClaim | undefined) => AppError> = {
  AM229: () => new AppError(1229, 'the signature is more than 5 minutes old'),
  AM232: (claim) => claim?.reused?.() ?? new AppError(1232),
  AM230: () => new AppError(1230),
};

function refusalOf(error: unknown, claim: MovementClaim | undefined): AppError | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const refusal = REFUSALS[(e as { code?: string }).code ?? ''];
    if (refusal) return refusal(claim);
  }
  return null;
}

/** The movement's answer, or, for a refusal of the ledger's SQL, the business answer it is. */
function answered(posting: Promise<PostedMovement>, claim: MovementClaim | undefined): Promise<PostedMovement> {
  return posting.catch((error: unknown) => {
    throw refusalOf(error, claim) ?? error;
  });
}

type PostOptions = { claim?: MovementClaim; notice?: MovementNotice };

function toPost(movement: PreparedMovement, options: PostOptions): MovementToPost {
  return {
    type: movement.type,
    idemKey: movement.idemKey,
    ref: movement.ref ?? null,
    lines: movement.lines.map((line, i) => ({
      accountId: movement.accountIds[i] as bigint,
      amount: moneyString(line.amount),
      type: line.type ?? movement.type,
    })),
    claim: options.claim
      ? { address: options.claim.address, signContent: options.claim.signContent, fresh: options.claim.fresh }
      : null,
    notice: options.notice ?? null,
  };
}

/**
 * Writes one movement in one round trip (the SQL function post_movement): the movement row (unique idempotency
 * key: a retry moves nothing and answers the first movement), then the signature's claim when given (a reused one
 * answers 1232, a stale one 1229), then, with every account locked in id order, its entries and balances, and the
 * notice of the movement when given. A user balance that would go below zero answers 1230. A refusal writes
 * nothing; inside a caller's transaction it fails that transaction, which rolls back, as any thrown error does.
 * Given `repos` outside a transaction, the call is its own transaction: one round trip in all.
 */
export async function postPrepared(
  tx: Repositories,
  movement: PreparedMovement,
  options: PostOptions = {},
): Promise<PostedMovement> {
  return answered(tx.ledger.postMovement(toPost(movement, options)), options.claim);
}

/**
 * postPrepared for a movement that is a transaction of its own (never inside a caller's): the same answers and
 * refusals, but when the database is busy it goes in one statement with the movements posted beside it (group
 * commit, the ledger repository's postMovementGrouped), so a burst of transfers costs one transaction per batch.
 */
export async function postAlone(
  repos: Repositories,
  movement: PreparedMovement,
  options: PostOptions = {},
): Promise<PostedMovement> {
  return answered(repos.ledger.postMovementGrouped(toPost(movement, options)), options.claim);
}

/** A movement in a transaction of its own. */
export async function postMovement(repos: Repositories, movement: Movement) {
  const prepared = await prepareMovement(repos, movement);
  return repos.transaction((tx) => postPrepared(tx, prepared));
}
