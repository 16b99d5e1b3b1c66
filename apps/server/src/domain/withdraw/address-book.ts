import { ADDRESS_LABEL_MAX, type TAddressBookEntry } from '@aidf/contract';
import type { AddressBookRow } from '../../db/repositories/address-book.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UserRow } from '../../db/repositories/users.ts';
import { assertAuthenticatorCode } from '../auth/authenticator.ts';
import { AppError } from '../errors.ts';
import { notify } from '../notifications/notify.ts';
import {
  type BookConfirmation,
  checkBookConfirmation,
  claimBookConfirmation,
  confirmWithOf,
} from './address-book-confirmation.ts';
import { checkDestination, type PlatformAddresses } from './destination.ts';

/**
 * The withdrawal address book: a new address is usable only once the user confirmed it and a security hold has
 * passed, so whoever takes over a session cannot add their own address and withdraw to it at once. With 'address
 * book only' on, a withdrawal goes only to a usable entry; turning it off takes the same confirmation and hold.
 */
export const ADDRESS_BOOK_SETTINGS = { holdHours: 'withdraw.addressBookHoldHours' } as const;
export const DEFAULT_ADDRESS_BOOK_HOLD_HOURS = 24;
/** Hours, 0 to 999, at most 3 decimals (0.5 is half an hour). */
export const HOLD_HOURS_PATTERN = /^(?:0|[1-9]\d{0,2})(?:\.\d{1,3})?$/;

export async function holdHoursOf(repos: Repositories): Promise<number> {
  const key = ADDRESS_BOOK_SETTINGS.holdHours;
  return Number((await repos.settings.get([key])).get(key) ?? DEFAULT_ADDRESS_BOOK_HOLD_HOURS);
}

export function entryView(row: AddressBookRow, now: Date): TAddressBookEntry {
  const status = row.usableAt === null ? 'unconfirmed' : row.usableAt <= now ? 'usable' : 'held';
  return {
    id: row.id.toString(),
    chain: 'bsc',
    label: row.label,
    address: row.address,
    status,
    usableAt: row.usableAt?.getTime() ?? null,
  };
}

/** Whether 'address book only' applies at `now`: turned on, and not turned off by a confirmed change already due. */
function onlyApplies(only: { offAt: Date | null } | null, now: Date): boolean {
  return only !== null && (only.offAt === null || only.offAt > now);
}

async function userOf(repos: Repositories, userId: bigint): Promise<UserRow> {
  const user = await repos.users.byId(userId);
  if (!user) throw new AppError(401);
  return user;
}

/** GET address-book: the entries, the switch, the hold and how this account confirms. */
export async function addressBookOf(repos: Repositories, userId: bigint, now = new Date()) {
  const [user, rows, only, holdHours] = await Promise.all([
    userOf(repos, userId),
    repos.addressBook.ofUser(userId),
    repos.addressBook.onlySwitch(userId),
    holdHoursOf(repos),
  ]);
  return {
    entries: rows.map((r) => entryView(r, now)),
    only: { on: onlyApplies(only, now), offAt: onlyApplies(only, now) ? (only?.offAt?.getTime() ?? null) : null },
    holdHours,
    confirmWith: confirmWithOf(user),
  };
}

/**
 * Adds an unconfirmed entry. The address is checked as a withdrawal destination is (81010 not an address of BNB
 * Smart Chain, 81016 wrong checksum, 81017 zero, 81018 the platform's) and kept in its EIP-55 form; 81082 for a
 * label not 1 to 64 characters once trimmed; 81085 when the address is in the book already.
 */
export async function addToAddressBook(
  repos: Repositories,
  platform: PlatformAddresses,
  userId: bigint,
  input: { chain: 'bsc'; label: string; address: string },
  now = new Date(),
) {
  const label = input.label.trim();
  if ([...label].length < 1 || [...label].length > ADDRESS_LABEL_MAX) throw new AppError(81082);
  const destination = await checkDestination(input.address.trim(), platform);
  if (!destination.ok) throw new AppError(destination.code);
  const row = await repos.transaction(async (tx) => {
    const added = await tx.addressBook.insert({ userId, chain: input.chain, label, address: destination.address });
    if (added) await tellBookChanged(tx, userId, `add:${added.id}`);
    return added;
  });
  if (!row) throw new AppError(81085);
  return entryView(row, now);
}

/**
 * Confirms an unconfirmed entry (an e-mail code or the bound wallet's signature, and the authenticator's code once
 * it is on): it becomes usable after the
 * security hold. 81086 no such entry, 81087 confirmed already; a wrong code counts a try (1227, then 9000).
 */
export async function confirmAddressBookEntry(
  repos: Repositories,
  userId: bigint,
  entryId: bigint,
  input: BookConfirmation & { hosts: readonly string[]; totpCode?: string | undefined; ip: string },
  now = new Date(),
) {
  await assertAuthenticatorCode(repos, userId, { code: input.totpCode, ip: input.ip, now });
  const [user, entry, holdHours] = await Promise.all([
    userOf(repos, userId),
    repos.addressBook.entry(userId, entryId),
    holdHoursOf(repos),
  ]);
  if (!entry) throw new AppError(81086);
  if (entry.confirmedAt) throw new AppError(81087);
  const signer = await checkBookConfirmation(repos, user, input, { change: 'add', address: entry.address });
  const usableAt = new Date(now.getTime() + holdHours * 3_600_000);
  const outcome = await repos.transaction(async (tx) => {
    const refused = await claimBookConfirmation(tx, user, input, signer, now);
    if (refused) return { ok: false, refused } as const;
    const row = await tx.addressBook.confirm(userId, entryId, now, usableAt);
    if (!row) throw new AppError(81087);
    await tellBookChanged(tx, userId, `confirm:${entryId}`);
    return { ok: true, row } as const;
  });
  if (!outcome.ok) throw new AppError(outcome.refused);
  return entryView(outcome.row, now);
}

export async function removeAddressBookEntry(repos: Repositories, userId: bigint, entryId: bigint, now = new Date()) {
  const row = await repos.transaction(async (tx) => {
    const removed = await tx.addressBook.remove(userId, entryId, now);
    if (removed) await tellBookChanged(tx, userId, `remove:${removed.id}`);
    return removed;
  });
  if (!row) throw new AppError(81086);
  return { id: row.id.toString() };
}

/**
 * 'Address book only': on at once (stricter needs no proof); off only with the confirmation, and only after the
 * security hold (until then it still applies). 81088 to turn off what is not on.
 */
export async function switchAddressBookOnly(
  repos: Repositories,
  userId: bigint,
  input: BookConfirmation & { on: boolean; hosts: readonly string[]; totpCode?: string | undefined; ip: string },
  now = new Date(),
) {
  if (input.on) {
    await repos.transaction(async (tx) => {
      await tx.addressBook.turnOnlyOn(userId, now);
      await tellBookChanged(tx, userId, `only-on:${now.getTime()}`);
    });
    return { on: true, offAt: null };
  }
  await assertAuthenticatorCode(repos, userId, { code: input.totpCode, ip: input.ip, now });
  const [user, only, holdHours] = await Promise.all([
    userOf(repos, userId),
    repos.addressBook.onlySwitch(userId),
    holdHoursOf(repos),
  ]);
  if (!onlyApplies(only, now)) throw new AppError(81088);
  const signer = await checkBookConfirmation(repos, user, input, { change: 'only-off' });
  const offAt = new Date(now.getTime() + holdHours * 3_600_000);
  const refused = await repos.transaction(async (tx) => {
    const code = await claimBookConfirmation(tx, user, input, signer, now);
    if (code) return code;
    await tx.addressBook.scheduleOnlyOff(userId, offAt);
    await tellBookChanged(tx, userId, `only-off:${offAt.getTime()}`);
    return null;
  });
  if (refused) throw new AppError(refused);
  return { on: true, offAt: offAt.getTime() };
}

/**
 * A withdrawal's destination against the book: with 'address book only' on it must be an entry (81083) that is
 * usable now (81084, naming when it will be). Without it any valid destination goes.
 */
export async function assertBookAllows(repos: Repositories, userId: bigint, address: string, now: Date) {
  if (!onlyApplies(await repos.addressBook.onlySwitch(userId), now)) return;
  const entry = await repos.addressBook.byAddress(userId, 'bsc', address);
  if (!entry?.usableAt) throw new AppError(81083);
  if (entry.usableAt > now) throw new AppError(81084, `usable from ${entry.usableAt.toISOString()}`);
}

/** Every change of the book is a security notice (inbox and e-mail), committed with the change. */
function tellBookChanged(tx: Repositories, userId: bigint, change: string) {
  return notify(tx, { userId, kind: 'address-book', params: {}, key: `address-book:${change}` });
}
