import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Operator } from './operators.ts';
import type { TestServer } from './test-server.ts';
import { balanceOf, signUp } from './users.ts';

/** A user with 1 COW and a payout of 5000 COW held before it was signed, as the worker holds one (no chain needed). */
export async function insertHeldPayout(server: TestServer, finance: Operator) {
  const user = await signUp(server);
  const credited = await finance.call('POST', '/ops/v1/credit', {
    username: user.username,
    currency: 'cow',
    amount: '1',
    reason: 'fixture',
  });
  const rows = (await server.database.db.execute(sql`
    INSERT INTO withdrawals (user_id, chain, currency, to_address, amount, fee, receive_amount, utc_day, idem_key,
      request_movement_id, status, held_reason, held_at)
    SELECT id, 'bsc', 'cow', '0x8ba1f109551bD432803012645Ac136ddd64DBA72', 5000, 25, 4975, current_date,
      ${`held-${user.username}`}, ${credited.json.data.movementId}, 'held', 'fixture', now()
    FROM users WHERE username = ${user.username} RETURNING id`)) as unknown as { rows?: { id: string }[] } & {
    id: string;
  }[];
  return { user, id: String((rows.rows ?? rows)[0]?.id) };
}

/**
 * A user with 1 COW and a held payout of 5000 COW set aside before it was signed (its refund needs no chain), with
 * its retry proposed by `finance` and its refund by `finance2`; `state()` reads the payout's status, whether its
 * refund moved money (its settling movement exists) and the user's COW.
 */
export async function heldPayoutOf(server: TestServer, finance: Operator, finance2: Operator) {
  const { user, id } = await insertHeldPayout(server, finance);
  const retry = await finance.call('POST', `/ops/v1/payouts/${id}/retry`, { reason: 'node fixed' });
  const refund = await finance2.call('POST', `/ops/v1/payouts/${id}/refund`, { reason: 'give it back' });
  expect(retry.json.data).toMatchObject({ status: 'proposed' });
  expect(refund.json.data).toMatchObject({ status: 'proposed' });
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const r = (await server.database.db.execute(query)) as unknown as { rows?: T[] } & T[];
    return (r.rows ?? r)[0];
  };
  const state = async () => ({
    status: (await one<{ status: string }>(sql`SELECT status FROM withdrawals WHERE id = ${id}`))?.status,
    settled:
      (
        await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM movements WHERE idem_key = ${`withdraw-settle:${id}`}`,
        )
      )?.n === 1,
    balance: await balanceOf(server, user, 'cow'),
  });
  return { user, id, retry: retry.json.data, refund: refund.json.data, state };
}
