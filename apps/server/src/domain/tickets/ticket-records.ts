import { Money, type TTicketRecord, type TTicketRecordKind } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { RecordRow } from '../../db/repositories/ticket-records.ts';

type Finder = (repos: Repositories, userId: bigint, limit: number, id?: bigint) => Promise<RecordRow[]>;

/**
 * Each kind of record a ticket can name, and where its rows are. A new kind (machine orders, when they
 * exist) is one line here and one name in the contract's TICKET_RECORD_KINDS.
 */
const KINDS: Record<TTicketRecordKind, Finder> = {
  withdrawal: (repos, userId, limit, id) => repos.ticketRecords.withdrawals(userId, limit, id),
  deposit: (repos, userId, limit, id) => repos.ticketRecords.deposits(userId, limit, id),
  transfer: (repos, userId, limit, id) => repos.ticketRecords.transfers(userId, limit, id),
};

/** Records of each kind the picker offers. */
const PER_KIND = 20;

const toRecord = (kind: TTicketRecordKind, r: RecordRow): TTicketRecord => ({
  kind,
  id: r.id.toString(),
  currency: r.currency,
  amount: new Money(r.amount).toFixed(),
  status: r.status,
  createTime: Math.floor(r.createdAt.getTime() / 1000),
});

/** The user's latest records of every kind, newest first. */
export async function recordsOf(repos: Repositories, userId: bigint): Promise<TTicketRecord[]> {
  const lists = await Promise.all(
    (Object.entries(KINDS) as [TTicketRecordKind, Finder][]).map(async ([kind, find]) =>
      (await find(repos, userId, PER_KIND)).map((r) => toRecord(kind, r)),
    ),
  );
  return lists.flat().sort((a, b) => b.createTime - a.createTime || Number(BigInt(b.id) - BigInt(a.id)));
}

/** One record of the user's, or null when it does not exist or is someone else's. */
export async function recordOf(
  repos: Repositories,
  userId: bigint,
  about: { kind: TTicketRecordKind; id: string },
): Promise<TTicketRecord | null> {
  const find = KINDS[about.kind];
  const [row] = await find(repos, userId, 1, BigInt(about.id));
  return row ? toRecord(about.kind, row) : null;
}
