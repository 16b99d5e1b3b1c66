import type { Repositories } from '../db/repositories/index.ts';
import { onMachinePurchased } from '../domain/team/purchase-bonuses.ts';
import { bindInviter } from '../domain/users/inviter.ts';

/**
 * A small demo team under the demo user alice for `npm start` (dev only): six invitees on three levels and a
 * few machine purchases, so /ecology and /invitefriends show members, volumes, a star level and each kind of
 * bonus. The purchases use negative order ids, which the miner's orders (positive ids) can never take.
 */
const TEAM = [
  { username: 'carol', inviter: 'alice' },
  { username: 'dave', inviter: 'alice' },
  { username: 'erin', inviter: 'carol' },
  { username: 'frank', inviter: 'carol' },
  { username: 'grace', inviter: 'erin' },
  { username: 'heidi', inviter: 'erin' },
] as const;

const PURCHASES = [
  { orderId: -1n, buyer: 'carol', worth: '600' },
  { orderId: -2n, buyer: 'dave', worth: '500' },
  { orderId: -3n, buyer: 'erin', worth: '800' },
  { orderId: -4n, buyer: 'grace', worth: '1200' },
  { orderId: -5n, buyer: 'heidi', worth: '1000' },
  { orderId: -6n, buyer: 'frank', worth: '3000' },
] as const;

export async function seedDemoTeam(repos: Repositories): Promise<number> {
  if (!(await repos.users.byUsername('alice')) || (await repos.users.byUsername(TEAM[0].username))) return 0;
  const ids = new Map<string, bigint>();
  for (const member of TEAM) {
    const id = await repos.users.insert({ username: member.username });
    await bindInviter(repos, id, member.inviter);
    ids.set(member.username, id);
  }
  const DAY_MS = 86_400_000;
  for (const [i, p] of PURCHASES.entries()) {
    const buyerId = ids.get(p.buyer) as bigint;
    await repos.transaction((tx) =>
      onMachinePurchased(tx, {
        orderId: p.orderId,
        buyerId,
        worth: p.worth,
        at: new Date(Date.now() - (PURCHASES.length - i) * DAY_MS),
      }),
    );
  }
  return TEAM.length;
}
