import { Money } from '@aidf/contract';
import type { Repositories } from '../src/db/repositories/index.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../src/domain/ledger/post-movement.ts';
import { onMachinePurchased } from '../src/domain/team/purchase-bonuses.ts';
import { amountOf, type ModelConfig, rateOf } from './team-model.ts';

let nextOrder = BigInt(Date.now()) * 1000n;
export const newOrderId = () => ++nextOrder;

/**
 * A machine purchase as the miner will make it, until its buy endpoint is on main: in one transaction the
 * buyer's worth (in a test currency, minted by the operator account) goes to the platform, then the team's
 * onMachinePurchased runs.
 */
export async function buyInTest(repos: Repositories, buyerId: bigint, worth: string, orderId = newOrderId()) {
  const movement = await prepareMovement(repos, {
    type: 'cow-ai-maching-buy',
    idemKey: `test-buy:${orderId}`,
    ref: String(orderId),
    lines: [
      { account: platformAccount(PLATFORM.operatorCredit, 'tmachine'), amount: new Money(worth).neg() },
      { account: userAccount(buyerId, 'tmachine'), amount: new Money(worth) },
    ],
  });
  await repos.transaction(async (tx) => {
    await tx.users.lockForMoney([buyerId]);
    await postPrepared(tx, movement);
    await onMachinePurchased(tx, { orderId, buyerId, worth, at: new Date() });
  });
  return orderId;
}

/** Writes a team configuration as settings rows and answers its model twin. */
export async function setTeamConfig(
  repos: Repositories,
  c: {
    levels: { minVolume: string; minDirect: number; rate: string }[];
    directRate: string;
    peerRate: string;
    maxBonusPercent: string;
  },
): Promise<ModelConfig> {
  for (const [i, l] of c.levels.entries()) {
    await repos.settings.set(`team.level.${i + 1}.volume`, l.minVolume, 'tests');
    await repos.settings.set(`team.level.${i + 1}.direct`, String(l.minDirect), 'tests');
    await repos.settings.set(`team.level.${i + 1}.rate`, l.rate, 'tests');
  }
  await repos.settings.set('team.directRate', c.directRate, 'tests');
  await repos.settings.set('team.peerRate', c.peerRate, 'tests');
  await repos.settings.set('team.maxBonusPercent', c.maxBonusPercent, 'tests');
  return {
    levels: c.levels.map((l) => ({ minVolume: amountOf(l.minVolume), minDirect: l.minDirect, rate: rateOf(l.rate) })),
    directRate: rateOf(c.directRate),
    peerRate: rateOf(c.peerRate),
    maxBonusPercent: rateOf(c.maxBonusPercent),
  };
}
