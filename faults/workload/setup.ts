import { createECDH, createHash, randomBytes } from 'node:crypto';
import type { TCurrency } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { getAddress, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rowsOf } from '../../apps/server/src/db/raw.ts';
import { repositories } from '../../apps/server/src/db/repositories/index.ts';
import { hashPassword } from '../../apps/server/src/domain/auth/password.ts';
import { bookBatch } from '../../apps/server/src/domain/ledger/book-batch.ts';
import { PLATFORM } from '../../apps/server/src/domain/ledger/platform-accounts.ts';
import { openHarnessDatabase } from './harness-database.ts';
import { pgTextArray } from './pg-array.ts';
import type { Random } from './random.ts';

/** One workload user: a wallet key of its own, a live session, and (for some) an e-mail and password. */
export interface WorkloadUser {
  id: bigint;
  username: string;
  address: `0x${string}`;
  /** The wallet's key: a buyer's wallet sends its miner payments on chain with it. */
  privateKey: `0x${string}`;
  sign(message: string): Promise<string>;
  token: string;
  email: string | null;
}

/** What every user starts with: USDT to transfer, COW to withdraw, AIDF to pledge. */
export const STARTING_BALANCES: Partial<Record<TCurrency, string>> = { usdt: '100000', cow: '10000', aidf: '10000' };
/** The password of the users who sign in by e-mail (only its hash is stored). */
export const WORKLOAD_PASSWORD = 'Workload2026';

/**
 * Creates `count` users in a few set-based statements straight on the database (users, bound wallets, sessions)
 * and funds them through the ledger module's set-based booking (one operator-credit movement per currency), so
 * 1,000 users take about a second, not the minutes 1,000 signed sign-ups and credits would. Every `emailEvery`-th
 * user also gets an e-mail and a password, for the e-mail sign-ins.
 */
export async function createUsers(
  databaseUrl: string,
  options: { seed: number; count: number; random: Random; emailEvery?: number },
): Promise<WorkloadUser[]> {
  const database = await openHarnessDatabase(databaseUrl);
  try {
    // The slow hash (a libuv thread) runs while the keys are made (this thread).
    const hashing = hashPassword(WORKLOAD_PASSWORD);
    const keys = Array.from({ length: options.count }, () => walletKey(options.random.key()));
    const prefix = `wl${options.seed.toString(36)}x`;
    const usernames = keys.map((_, i) => `${prefix}${i}`);
    const emailEvery = options.emailEvery ?? 20;
    const emails = usernames.map((name, i) => (i % emailEvery === 0 ? `${name}@workload.example` : null));
    const passwordHash = await hashing;
    const tokens = keys.map(() => randomBytes(32).toString('base64url'));
    const rows = rowsOf<{ id: string; username: string }>(
      await database.db.execute(sql`
        WITH u AS (
          INSERT INTO users (username, wallet_address, chain_currency, email, password_hash)
          SELECT name, address, 'bnb', email, CASE WHEN email IS NULL THEN NULL ELSE ${passwordHash} END
          FROM unnest(${pgTextArray(usernames)}::text[], ${pgTextArray(keys.map((k) => k.address))}::text[], ${pgTextArray(emails)}::text[])
            AS t(name, address, email)
          RETURNING id, username, wallet_address
        ), b AS (
          INSERT INTO bound_addresses (user_id, currency, wallet_address) SELECT id, 'bnb', wallet_address FROM u
        ), s AS (
          INSERT INTO sessions (token_hash, user_id, expires_at)
          SELECT t.hash, u.id, now() + interval '7 days'
          FROM u JOIN unnest(${pgTextArray(usernames)}::text[], ${pgTextArray(tokens.map(hashToken))}::text[]) AS t(name, hash)
            ON t.name = u.username
        )
        SELECT id::text AS id, username FROM u`),
    );
    const ids = new Map(rows.map((r) => [r.username, BigInt(r.id)]));
    await fund(database.db, [...ids.values()], prefix);
    return keys.map((key, i) => ({
      id: ids.get(usernames[i] as string) as bigint,
      username: usernames[i] as string,
      address: key.address,
      privateKey: key.privateKey,
      sign: key.sign,
      token: tokens[i] as string,
      email: emails[i] ?? null,
    }));
  } finally {
    await database.close();
  }
}

/**
 * A wallet key whose address comes from OpenSSL's secp256k1 (a twentieth of the time of a JavaScript point
 * multiplication: 1,000 keys in a blink); the signing account is made on its first signature.
 */
function walletKey(privateKey: `0x${string}`) {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.from(privateKey.slice(2), 'hex'));
  const publicKey = ecdh.getPublicKey().subarray(1);
  const address = getAddress(`0x${keccak256(publicKey).slice(-40)}`);
  let account: ReturnType<typeof privateKeyToAccount> | null = null;
  return {
    address,
    privateKey,
    sign: (message: string) => {
      account ??= privateKeyToAccount(privateKey);
      return account.signMessage({ message });
    },
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One set-based operator credit per currency (bookBatch: the ledger's own batch booking), from operator credit. */
async function fund(db: Parameters<typeof repositories>[0], userIds: bigint[], prefix: string) {
  const repos = repositories(db);
  const list = sql.raw(userIds.map(String).join(',') || 'NULL');
  for (const [currency, amount] of Object.entries(STARTING_BALANCES)) {
    await repos.transaction(async (tx) => {
      const { claimed } = await bookBatch(tx, {
        type: 'merchant-system-transfer',
        idemKey: `workload-funding:${prefix}:${currency}`,
        ref: 'fault harness workload',
        currency: currency as TCurrency,
        counters: [{ type: 'merchant-system-transfer', platform: PLATFORM.operatorCredit }],
        users: sql`SELECT id FROM users WHERE id IN (${list})`,
        createUserAccounts: true,
        source: () => ({
          ctes: sql`rows AS (SELECT id AS user_id, 'merchant-system-transfer'::text AS type, ${amount}::numeric AS amount
                   FROM users WHERE id IN (${list}))`,
          rows: 'rows',
          claimed: sql`(SELECT count(*) FROM rows)`,
        }),
      });
      if (claimed !== userIds.length)
        throw new Error(`funding ${currency} booked ${claimed} of ${userIds.length} users`);
    });
  }
}
