import { Money } from '@aidf/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { expireOrders } from '../src/domain/machine/cancel-order.ts';
import { machineConfig } from '../src/domain/machine/machine-config.ts';
import { settlePayment } from '../src/domain/machine/order-lifecycle.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp } from './users.ts';

/** The on-chain currencies a price may lack; usdt stays out (it must come from the balance). */
const CURRENCIES = ['bnb', 'eoeo'] as const;
type Currency = (typeof CURRENCIES)[number];
type Price = Record<Currency, string>;
const PRICES: Price[] = [
  { bnb: '1', eoeo: '0' },
  { bnb: '0.5', eoeo: '2' },
  { bnb: '0', eoeo: '3' },
];
const COLLECTION = '0x00000000000000000000000000000000000C0113';

type Step =
  | { kind: 'buy'; item: number }
  | { kind: 'pay'; currency: Currency; amount: string }
  | { kind: 'cancel' }
  | { kind: 'expire' }
  | { kind: 'out' };

const amount = fc.integer({ min: 1, max: 25 }).map((n) => (n / 10).toString());
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('buy' as const), item: fc.integer({ min: 0, max: 2 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), currency: fc.constantFrom(...CURRENCIES), amount }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'out' as const }) },
);

/**
 * The plain model of RULES.md "AI miner" for one user: the balance covers what it can at purchase, the rest
 * is lacking; a payment counts toward the open order up to what it still lacks, the excess and any payment
 * without an open order go to the balance; cancel and expiry give back what the order holds; paid in full: a
 * running machine, which blocks the next purchase until it is out.
 */
class OrderModel {
  balance: Record<Currency, Money>;
  sales: Record<Currency, Money> = { bnb: new Money(0), eoeo: new Money(0) };
  order: {
    price: Price;
    covered: Record<Currency, Money>;
    lack: Record<Currency, Money>;
    paid: Record<Currency, Money>;
  } | null = null;
  lastStatus: number | null = null;
  running = false;
  constructor(start: Record<Currency, string>) {
    this.balance = { bnb: new Money(start.bnb), eoeo: new Money(start.eoeo) };
  }
  buy(price: Price): 'open' | 'running' | 0 | 1 {
    if (this.order) return 'open';
    if (this.running) return 'running';
    const covered = { bnb: new Money(0), eoeo: new Money(0) };
    const lack = { bnb: new Money(0), eoeo: new Money(0) };
    for (const c of CURRENCIES) {
      covered[c] = Money.min(this.balance[c], new Money(price[c]));
      lack[c] = new Money(price[c]).minus(covered[c]);
      this.balance[c] = this.balance[c].minus(covered[c]);
    }
    this.order = { price, covered, lack, paid: { bnb: new Money(0), eoeo: new Money(0) } };
    return this.completeIfCovered();
  }
  pay(c: Currency, a: Money) {
    if (!this.order) {
      this.balance[c] = this.balance[c].plus(a);
      return;
    }
    const applied = Money.min(this.order.lack[c].minus(this.order.paid[c]), a);
    this.order.paid[c] = this.order.paid[c].plus(applied);
    this.balance[c] = this.balance[c].plus(a.minus(applied));
    this.completeIfCovered();
  }
  release(status: 3 | 4) {
    if (!this.order) return;
    for (const c of CURRENCIES) this.balance[c] = this.balance[c].plus(this.order.covered[c]).plus(this.order.paid[c]);
    this.order = null;
    this.lastStatus = status;
  }
  private completeIfCovered(): 0 | 1 {
    const order = this.order;
    if (!order || CURRENCIES.some((c) => order.paid[c].lt(order.lack[c]))) return 0;
    for (const c of CURRENCIES) this.sales[c] = this.sales[c].plus(order.price[c]);
    this.order = null;
    this.running = true;
    this.lastStatus = 1;
    return 1;
  }
}

describe('[api] AI miner order state machine against a plain model (property)', () => {
  let server: TestServer;
  const items: string[] = [];
  let txCounter = 0;

  async function ops(path: string, body: unknown) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
        'x-operator': 'order-property',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
    return (await res.json()) as any;
  }

  /** A confirmed payment as the collection watcher records and settles it (the chain tests prove the watcher). */
  async function pay(user: Account, currency: Currency, value: string) {
    txCounter++;
    const row = await server.repos.machines.upsertPayment(
      {
        chain: 'bsc',
        genesisHash: 'property-test',
        txHash: `0x${txCounter.toString(16).padStart(64, '0')}`,
        eventIndex: currency === 'bnb' ? 'native' : '0',
        blockNumber: BigInt(txCounter),
        blockHash: null,
        currency,
        tokenContract: null,
        fromAddress: user.wallet.address,
        toAddress: COLLECTION,
        amount: value,
      },
      true,
    );
    const config = await machineConfig(server.repos);
    await server.repos.transaction(async (tx) => {
      const owner = await tx.machines.boundOwner('bnb', user.wallet.address);
      if (owner === null) throw new Error('the bound address has no owner');
      await tx.users.lockForMoney([owner]);
      const payment = await tx.machines.paymentForUpdate(row.id);
      if (!payment) throw new Error('payment vanished');
      await settlePayment(tx, payment, owner, config, new Date());
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    for (const price of PRICES) {
      const res = await ops('/ops/v1/machine/items', {
        worth: '100',
        bnbAmount: price.bnb,
        eoeoAmount: price.eoeo,
        reason: 'property',
      });
      items.push(res.data.id);
    }
  });
  afterAll(() => server.close());

  it('buy, pay in parts, overpay, pay late, cancel, expire in any order: the model, no money made or lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ bnb: amount, eoeo: amount }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (start, steps) => {
          const user = await signUp(server);
          for (const c of CURRENCIES) await credit(server, user.username, c, start[c]);
          const model = new OrderModel(start);
          let orderNo: string | null = null;
          const paidOnChain = { bnb: new Money(0), eoeo: new Money(0) };
          for (const s of steps) {
            if (s.kind === 'buy') {
              const res = await call(server.baseUrl, `/v1/cow/home/buy/ai/${items[s.item]}`, {
                body: {},
                token: user.token,
              });
              const expected = model.buy(PRICES[s.item] as Price);
              if (expected === 'open') expect(res.json.code).toBe(81029);
              else if (expected === 'running') expect(res.json.code).toBe(81024);
              else {
                expect(res.json.data.status).toBe(expected);
                orderNo = res.json.data.orderNo;
              }
            } else if (s.kind === 'pay') {
              await pay(user, s.currency, s.amount);
              model.pay(s.currency, new Money(s.amount));
              paidOnChain[s.currency] = paidOnChain[s.currency].plus(s.amount);
            } else if (s.kind === 'cancel') {
              if (orderNo === null) continue;
              const res = await call(server.baseUrl, '/v1/cow/home/order/cancel', {
                body: { orderNo },
                token: user.token,
              });
              if (model.order) {
                expect(res.json.data.status).toBe(3);
                model.release(3);
              } else if (model.lastStatus === 3) expect(res.json.data.status).toBe(3);
              else expect(res.json.code).toBe(81026);
            } else if (s.kind === 'expire') {
              const open = await server.repos.machines.openOrderOf(BigInt(user.mid));
              if (open) await expireOrders(server.repos, new Date(open.expiresAt.getTime() + 1000));
              if (model.order) model.release(4);
            } else {
              await server.database.db.execute(
                `UPDATE machines SET status = 'out', mined = cap WHERE user_id = ${user.mid} AND status = 'running'` as never,
              );
              model.running = false;
            }
            // After every step: the order and the balances are the model's.
            if (orderNo !== null) {
              const view = (
                await call(server.baseUrl, `/v1/cow/home/order/${orderNo}`, { method: 'GET', token: user.token })
              ).json.data;
              if (model.order) {
                expect(view.status).toBe(0);
                expect(view.lackBnb).toBe(model.order.lack.bnb.minus(model.order.paid.bnb).toFixed());
                expect(view.lackEoeo).toBe(model.order.lack.eoeo.minus(model.order.paid.eoeo).toFixed());
              } else expect(view.status).toBe(model.lastStatus);
            }
            for (const c of CURRENCIES) expect(await balanceOf(server, user, c)).toBe(model.balance[c].toFixed());
          }
          // No money made or lost: what was credited and paid on chain is in the balance, held or sold.
          for (const c of CURRENCIES) {
            const held = model.order ? model.order.covered[c].plus(model.order.paid[c]) : new Money(0);
            expect(model.balance[c].plus(held).plus(model.sales[c]).toFixed()).toBe(
              new Money(start[c]).plus(paidOnChain[c]).toFixed(),
            );
          }
          expect((await checkLedger(server.repos)).ok).toBe(true);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 30) },
    );
  }, 300_000);
});
