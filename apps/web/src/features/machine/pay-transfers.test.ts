import { ZOrder } from '@aidf/contract';
import { describe, expect, it, vi } from 'vitest';
import { chainProblem, lackOf, PayProblem, payTransfers } from './pay-check.ts';

/*
 * A chain-paid currency added the way a newcomer adds one: a single entry in MINER_CURRENCIES (here AIDF paid on
 * BNB Smart Chain as a token, a fixture: the real list does not take AIDF on chain). Nothing else is changed, and
 * the order's fields, the pay target's tokens and the transfers must all follow from it (vi.mock is hoisted above
 * the imports, so the contract is built from the list with the fixture).
 */
vi.mock('../../../../../packages/contract/src/miner-currency-list.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../../packages/contract/src/miner-currency-list.ts')>();
  const fixture = { currency: 'aidf', paid: 'chain', chain: 'bsc', token: 'token' } as const;
  return { ...real, MINER_CURRENCIES: [...real.MINER_CURRENCIES, fixture] };
});

const collection = '0x00000000000000000000000000000000000000c0';
const eoeoContract = '0x00000000000000000000000000000000000000e0';
const aidfContract = '0x00000000000000000000000000000000000000a1';

/** An order as the server answers it, lacking BNB and the fixture's AIDF; parsed by the contract's own schema. */
function orderLacking(tokens: { currency: string; contract: string | null; decimals: number }[]) {
  const zeros = (prefix: string) =>
    Object.fromEntries(['Bnb', 'Eoeo', 'Sol', 'Aidf'].map((c) => [`${prefix}${c}`, '0']));
  return ZOrder.parse({
    orderNo: '7',
    status: 0,
    ...zeros('lack'),
    ...zeros('orderLack'),
    ...zeros('unconfirmed'),
    lackBnb: '0.5',
    lackAidf: '12.25',
    itemId: '1',
    worth: '100',
    createTime: 0,
    expiresAt: 1,
    machineId: null,
    payBsc: { collectionAddress: collection, fromAddress: null, chainId: '0x38', tokens },
    paySol: null,
  });
}

describe('paying an order in a currency added as one entry of MINER_CURRENCIES', () => {
  const bscTokens = [
    { currency: 'bnb', contract: null, decimals: 18 },
    { currency: 'eoeo', contract: eoeoContract, decimals: 18 },
    { currency: 'aidf', contract: aidfContract, decimals: 6 },
  ];

  it('the order carries the new currency and its lack is paid by a transfer of its pinned token', () => {
    const order = orderLacking(bscTokens);
    expect(lackOf(order)).toEqual([
      { currency: 'bnb', amount: '0.5' },
      { currency: 'aidf', amount: '12.25' },
    ]);
    expect(payTransfers(order, 'BNB Smart Chain')).toEqual([
      { to: collection, token: { contract: null, decimals: 18 }, amount: '0.5' },
      { to: collection, token: { contract: aidfContract, decimals: 6 }, amount: '12.25' },
    ]);
    // Paid on its entry's chain only (ms69 on Solana).
    expect(chainProblem(lackOf(order), 'Solana')).toBe('messages.ms69');
  });

  it('a token not pinned yet (missing from the pay target) cannot be paid, and nothing is sent', () => {
    const order = orderLacking(bscTokens.filter((t) => t.currency !== 'aidf'));
    expect(() => payTransfers(order, 'BNB Smart Chain')).toThrow(PayProblem);
    expect(() => payTransfers(order, 'BNB Smart Chain')).toThrow('machine.payUnavailable');
  });
});
