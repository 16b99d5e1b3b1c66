import { privateKeyToAccount } from 'viem/accounts';
import type { Repositories } from '../db/repositories/index.ts';
import { creditUser } from '../domain/operator/credit.ts';

/**
 * Two demo users for `npm start`, bound to the first two well-known development keys of Hardhat (public
 * test keys, never for real funds), with balances to try every screen.
 */
export const DEMO_USERS = (
  [
    { username: 'alice', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
    { username: 'bob', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  ] as const
).map((u) => ({ ...u, address: privateKeyToAccount(u.privateKey).address }));

const DEMO_BALANCES = [
  { currency: 'usdt', submode: '00', amount: '1000' },
  { currency: 'aidf', submode: '00', amount: '500' },
  { currency: 'aidf', submode: '16', amount: '120' },
  { currency: 'cow', submode: '00', amount: '250' },
  { currency: 'bnb', submode: '00', amount: '1.5' },
] as const;

export async function seedDemoUsers(repos: Repositories): Promise<number> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await repos.users.byUsername(demo.username)) continue;
    const id = await repos.users.insert({ username: demo.username, walletAddress: demo.address, chainCurrency: 'bnb' });
    await repos.boundAddresses.insert({ userId: id, currency: 'bnb', walletAddress: demo.address });
    for (const b of DEMO_BALANCES) {
      await creditUser(repos, {
        actor: { name: 'seed', role: 'admin', ip: null },
        username: demo.username,
        ...b,
        reason: 'demo balance',
        requestId: `seed-${demo.username}-${b.currency}-${b.submode}`,
      });
    }
    created++;
  }
  return created;
}
