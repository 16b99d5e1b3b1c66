import { MINER_CURRENCY_CODES, Money, moneyString, SUBMODES, WORTH_CURRENCY } from '@aidf/contract';
import { getAddress, isAddress } from 'viem';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UserAddressRow } from '../../db/repositories/operator-lookup.ts';
import { normalizeEmail } from '../auth/email-login.ts';
import { AppError } from '../errors.ts';
import { toMachine } from '../machine/order-view.ts';
import { toPledgeOrder } from '../pledge/pledge-views.ts';

const plain = (decimal: string) => moneyString(new Money(decimal));

/** An order's price per currency the miner accepts, '0' for one not in the price. */
function priceByCurrency(amounts: Record<string, string> | string | null): Record<string, string> {
  const rows = (typeof amounts === 'string' ? JSON.parse(amounts) : amounts) as Record<string, string> | null;
  return Object.fromEntries(MINER_CURRENCY_CODES.map((c) => [c, plain(rows?.[c] ?? '0')]));
}
/** How much of each list the user page shows (the newest). */
const LIMITS = { movements: 50, orders: 20, pledges: 50, machines: 20, tickets: 20, securityChanges: 50 };

/** The forms an address is stored in: an EVM one as EIP-55 and in lower case (deposit-addresses.ts), else as typed. */
function addressForms(text: string): string[] {
  if (/^0x[0-9a-fA-F]{40}$/.test(text) && isAddress(text, { strict: false })) {
    return [...new Set([getAddress(text), text.toLowerCase()])];
  }
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text) ? [text] : [];
}

/** Each address once per user, the sign-in wallet before a bound address before a deposit address. */
function addressesByUser(rows: UserAddressRow[]) {
  const byUser = new Map<string, { chain: string; address: string; kind: string }[]>();
  for (const r of rows) {
    const list = byUser.get(r.userId) ?? [];
    if (!list.some((a) => a.chain === r.chain && a.address.toLowerCase() === r.address.toLowerCase())) {
      list.push({ chain: r.chain, address: r.address, kind: r.kind });
    }
    byUser.set(r.userId, list);
  }
  return byUser;
}

/**
 * GET /ops/v1/users: users whose username starts with `q` (any case), whose e-mail is `q`, or who have `q` as
 * an address (exact; an EVM address in any case). Every part is an index lookup; an empty `q` lists the newest.
 */
export async function findUsers(repos: Repositories, q: { q: string; page: number; size: number }) {
  const text = q.q.trim();
  const { rows, total } = await repos.operatorLookup.search({
    usernamePrefix: text ? text.toLowerCase() : null,
    email: text.includes('@') ? normalizeEmail(text) : null,
    addresses: addressForms(text),
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  const addresses = addressesByUser(await repos.operatorLookup.addressesOf(rows.map((r) => r.id)));
  return {
    total,
    list: rows.map((r) => ({
      mid: r.id,
      username: r.username,
      email: r.email,
      addresses: addresses.get(r.id) ?? [],
      createdAt: r.createdAt,
    })),
  };
}

/** GET /ops/v1/users/:mid: one user as support and finance need to see them; read-only. */
export async function userDetail(repos: Repositories, userId: bigint) {
  const user = await repos.operatorLookup.user(userId);
  if (!user) throw new AppError(1404, `no user ${userId}`);
  const lookup = repos.operatorLookup;
  const [accounts, movements, orders, pledges, machines, stats, teamSize, tickets, changes, addresses] =
    await Promise.all([
      repos.ledger.balancesOfUser(userId),
      lookup.movements(userId, LIMITS.movements),
      lookup.orders(userId, LIMITS.orders),
      repos.pledges.page(userId, 'all', LIMITS.pledges, 0),
      repos.machines.machinePage(userId, LIMITS.machines, 0),
      repos.team.stats(userId),
      repos.team.teamSize(userId),
      lookup.tickets(userId, LIMITS.tickets),
      lookup.securityChanges(userId, LIMITS.securityChanges),
      lookup.addressesOf([user.id]),
    ]);
  const currencies = [...new Set(accounts.map((a) => a.currency))];
  const balanceOf = (currency: string, submode: string) =>
    plain(accounts.find((a) => a.currency === currency && a.submode === submode)?.balance ?? '0');
  return {
    /** The unit of the orders' and machines' worth. */
    worthCurrency: WORTH_CURRENCY,
    user: {
      mid: user.id,
      username: user.username,
      email: user.email,
      createdAt: Number(user.created_at),
      inviter: user.inviter,
      addresses: addressesByUser(addresses).get(user.id) ?? [],
    },
    balances: currencies.map((currency) => ({
      currency,
      available: balanceOf(currency, SUBMODES.normal),
      frozen: balanceOf(currency, SUBMODES.frozen),
    })),
    movements: movements.map((m) => ({ ...m, at: Number(m.at), amount: plain(m.amount) })),
    orders: orders.map((o) => ({
      orderNo: o.id,
      itemId: o.item_id,
      worth: plain(o.worth),
      amounts: priceByCurrency(o.amounts),
      status: o.status,
      createdAt: Number(o.created_at),
      closedAt: o.closed_at === null ? null : Number(o.closed_at),
    })),
    pledges: pledges.rows.map(toPledgeOrder),
    machines: machines.rows.map((r) => toMachine(r.machine, r.orderNo)),
    team: { directCount: stats.directCount, teamSize, level: stats.level },
    tickets: tickets.map((t) => ({
      ticketId: t.id,
      status: t.status,
      createdAt: Number(t.created_at),
      title: t.first ?? '',
    })),
    securityChanges: changes.map((c) => ({
      at: Number(c.at),
      kind: c.kind,
      detail: [c.currency, c.wallet_address].filter(Boolean).join(' ') || null,
    })),
  };
}
