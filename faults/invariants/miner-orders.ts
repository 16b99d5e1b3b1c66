import { Money } from '@aidf/contract';
import { pgTextArray } from '../workload/pg-array.ts';
import type { InvariantInput, SentMinerPayment, Violation } from '../workload/types.ts';
import { chainReader } from './chain-reads.ts';
import { amountKey, type CheckDb, sql } from './db.ts';

interface OrderRow {
  id: string;
  username: string;
  status: number;
  completions: number;
  machines: number;
  /** Per currency: the lack, the paid column and the sum of the payments counted for the order. */
  amounts: { currency: string; lack: string; paid: string; counted: string }[];
}

interface PaymentRow {
  txHash: string;
  state: string;
  amount: string;
  applied: string;
  credited: string;
  movements: number;
}

const PAID = 1;
const OPEN = [0, 2];

/**
 * Every AI miner order of the workload's users is paid exactly once: a paid order (status 1) was completed by one
 * movement into one machine, with each currency's lack covered exactly by the payments counted for it (never less:
 * completed before it was paid; never more: a payment counted twice); an order whose payments the workload sent in
 * full and the chain confirmed is paid, not left open. Each confirmed payment is recorded once, settled, booked by
 * one movement, and wholly counted or credited (applied + credited = its amount).
 */
export async function minerOrderPaidOnce(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  const sentOrders = input.log.minerOrders ?? [];
  const orders = await db.rows<OrderRow>(sql`
    SELECT o.id::text AS id, u.username, o.status::int AS status,
      (SELECT count(*)::int FROM movements m WHERE m.idem_key = 'machine-paid:' || o.id) AS completions,
      (SELECT count(*)::int FROM machines x WHERE x.order_id = o.id) AS machines,
      (SELECT coalesce(json_agg(json_build_object('currency', a.currency, 'lack', a.lack::text, 'paid', a.paid::text,
          'counted', (SELECT coalesce(sum(p.applied_amount), 0)::text FROM machine_payments p
                      WHERE p.order_id = o.id AND p.currency = a.currency))), '[]'::json)
        FROM machine_order_amounts a WHERE a.order_id = o.id) AS amounts
    FROM machine_orders o JOIN users u ON u.id = o.user_id
    WHERE u.username = ANY(${pgTextArray(input.log.usernames)}::text[])`);
  const sent = sentOrders.flatMap((o) => o.payments);
  if (orders.length === 0 && sent.length === 0) return [];
  const payments = await db.rows<PaymentRow>(sql`
    SELECT lower(p.tx_hash) AS "txHash", p.state, p.amount::text AS amount, p.applied_amount::text AS applied,
      p.credited_amount::text AS credited,
      (SELECT count(*)::int FROM movements m WHERE m.idem_key = 'machine-payment:' || p.id) AS movements
    FROM machine_payments p WHERE lower(p.tx_hash) = ANY(${pgTextArray(sent.map((p) => p.txHash.toLowerCase()))}::text[])`);
  const confirmed = await confirmedOnChain(input, sent);
  const violations: Violation[] = [];
  const say = (message: string, detail: Record<string, unknown>) =>
    violations.push({ invariant: 'miner-order-paid-once', message, detail });

  for (const order of orders) {
    const problems = orderProblems(order);
    const made = sentOrders.find((o) => o.orderNo === order.id);
    const paidInFull =
      made !== undefined &&
      made.payments.length > 0 &&
      made.payments.every((p) => confirmed.has(p.txHash.toLowerCase())) &&
      order.amounts.every((a) => !sentOf(made.payments, a.currency).lt(new Money(a.lack)));
    if (OPEN.includes(order.status) && paidInFull)
      problems.push('its lack was paid on chain and confirmed, still open');
    if (problems.length > 0)
      say(`miner order ${order.id} (status ${order.status}): ${problems.join(', ')}`, { order, made });
  }
  for (const payment of sent) {
    const hash = payment.txHash.toLowerCase();
    if (!confirmed.has(hash)) continue;
    const rows = payments.filter((p) => p.txHash === hash);
    const problems = paymentProblems(rows);
    if (problems.length > 0)
      say(`miner payment ${hash} (${payment.currency}): ${problems.join(', ')}`, { payment, rows });
  }
  return violations;
}

function orderProblems(order: OrderRow): string[] {
  const problems: string[] = [];
  for (const a of order.amounts) {
    if (amountKey(a.counted) !== amountKey(a.paid))
      problems.push(`${a.currency} payments counted ${amountKey(a.counted)}, its paid says ${amountKey(a.paid)}`);
  }
  if (order.status !== PAID) return problems;
  if (order.completions !== 1 || order.machines !== 1)
    problems.push(`completed ${order.completions} times into ${order.machines} machines`);
  for (const a of order.amounts) {
    if (amountKey(a.paid) !== amountKey(a.lack))
      problems.push(`paid with ${amountKey(a.paid)} of its ${amountKey(a.lack)} ${a.currency} lack`);
  }
  return problems;
}

function paymentProblems(rows: PaymentRow[]): string[] {
  if (rows.length !== 1) return [`recorded ${rows.length} times`];
  const [row] = rows as [PaymentRow];
  const problems: string[] = [];
  if (row.state === 'seen') problems.push('confirmed but never settled');
  else if (row.movements !== 1) problems.push(`booked ${row.movements} times`);
  const whole = new Money(row.applied).plus(new Money(row.credited));
  if (row.state !== 'seen' && amountKey(whole.toFixed()) !== amountKey(row.amount))
    problems.push(
      `counted ${amountKey(row.applied)} and credited ${amountKey(row.credited)} of ${amountKey(row.amount)}`,
    );
  return problems;
}

const sentOf = (payments: readonly SentMinerPayment[], currency: string) =>
  payments.filter((p) => p.currency === currency).reduce((sum, p) => sum.plus(new Money(p.amount)), new Money(0));

/** The sent payments the chain has past the confirmations (lower-case hashes). */
async function confirmedOnChain(input: InvariantInput, sent: readonly SentMinerPayment[]): Promise<Set<string>> {
  if (sent.length === 0 || !input.bscRpc) return new Set();
  const chain = chainReader(input.bscRpc);
  const head = await chain.head();
  const depth = BigInt(input.confirmations ?? 15);
  const confirmed = new Set<string>();
  for (const p of sent) {
    const block = await chain.blockOf(p.txHash as `0x${string}`);
    if (block !== null && block + depth <= head) confirmed.add(p.txHash.toLowerCase());
  }
  return confirmed;
}
