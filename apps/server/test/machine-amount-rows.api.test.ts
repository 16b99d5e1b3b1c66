import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabase } from '../src/db/throwaway-database.ts';
import { TEST_DB } from './test-server.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const ROWS_MIGRATION = '0029_machine_amount_rows.sql';
const sqlOf = (file: string) => fs.readFileSync(path.join(MIGRATIONS, file), 'utf8');

/**
 * 0029_machine_amount_rows.sql on a database that has orders and price items in the old shape (a column set per
 * currency): every amount is copied into its row, unused currencies get none, and the old columns are gone.
 */
describe('[api] machine amounts: the migration to rows per currency', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  const query = <T>(text: string) => database.withSession((s) => s.query<T>(text));

  beforeAll(async () => {
    database = await throwawayDatabase(TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);
    const before = fs
      .readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql') && f < ROWS_MIGRATION)
      .sort();
    await database.withSession(async (s) => {
      for (const file of before) await s.exec(sqlOf(file));
      await s.exec(`
        INSERT INTO users (username) VALUES ('old-buyer');
        INSERT INTO machine_orders (user_id, item_id, worth, bnb_amount, sol_amount, usdt_amount, eoeo_amount,
                                    lack_bnb, lack_eoeo, paid_bnb, status, expires_at)
        SELECT u.id, 5, 500, 0.4, 0, 0, 200, 0.25, 200, 0.1, 0, now() + interval '30 minutes'
        FROM users u WHERE u.username = 'old-buyer';
        INSERT INTO machine_orders (user_id, item_id, worth, bnb_amount, sol_amount, usdt_amount, eoeo_amount,
                                    status, expires_at, closed_at)
        SELECT u.id, 1, 100, 0, 0, 100, 0, 1, now(), now() FROM users u WHERE u.username = 'old-buyer';`);
      await s.exec(sqlOf(ROWS_MIGRATION));
    });
  });
  afterAll(async () => {
    await database?.close();
    await database?.drop();
  });

  it('copies each price item amount into a row, none for an unused currency', async () => {
    const rows = await query<{ item_id: string; currency: string; amount: string }>(
      `SELECT item_id::text, currency, amount::text FROM machine_price_item_amounts ORDER BY item_id, currency`,
    );
    const of = (id: string) => rows.filter((r) => r.item_id === id).map((r) => [r.currency, Number(r.amount)]);
    expect(of('1')).toEqual([['usdt', 100]]);
    expect(of('5')).toEqual([
      ['bnb', 0.4],
      ['eoeo', 200],
    ]);
    expect(of('6')).toEqual([
      ['bnb', 0.6],
      ['eoeo', 300],
      ['usdt', 300],
    ]);
    expect(rows).toHaveLength(11);
  });

  it("copies each order's price, lack and paid per currency", async () => {
    const rows = await query<{ order_id: string; currency: string; price: string; lack: string; paid: string }>(
      `SELECT order_id::text, currency, price::text, lack::text, paid::text FROM machine_order_amounts
       ORDER BY order_id, currency`,
    );
    expect(rows.map((r) => [r.order_id, r.currency, Number(r.price), Number(r.lack), Number(r.paid)])).toEqual([
      ['1', 'bnb', 0.4, 0.25, 0.1],
      ['1', 'eoeo', 200, 200, 0],
      ['2', 'usdt', 100, 0, 0],
    ]);
  });

  it('drops the column set per currency', async () => {
    const columns = await query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name IN ('machine_orders', 'machine_price_items')`,
    );
    expect(
      columns.map((c) => c.column_name).filter((c) => /_(bnb|sol|usdt|eoeo)$|^(bnb|sol|usdt|eoeo)_/.test(c)),
    ).toEqual([]);
  });
});
