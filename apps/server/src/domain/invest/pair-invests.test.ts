import { describe, expect, it } from 'vitest';
import type { ScannedInvest, ScannedInvestTransfer } from '../../chain/evm/evm-invest-source.ts';
import { pairInvests } from './pair-invests.ts';

const ALICE = '0x00000000000000000000000000000000000A11cE';
const BOB = '0x0000000000000000000000000000000000000B0b';
const TX1 = `0x${'1'.repeat(64)}`;
const TX2 = `0x${'2'.repeat(64)}`;

const event = (txHash: string, logIndex: number, units: bigint, from = ALICE): ScannedInvest => ({
  txHash,
  logIndex,
  blockNumber: 10n,
  blockHash: `0x${'b'.repeat(64)}`,
  contract: '0x000000000000000000000000000000000000C0DE',
  from,
  amount: String(units),
  units,
});
const transfer = (txHash: string, logIndex: number, units: bigint, from = ALICE): ScannedInvestTransfer => ({
  txHash,
  logIndex,
  from,
  units,
});
const paired = (result: ReturnType<typeof pairInvests>) =>
  result.map((p) => [p.invest.logIndex, p.transfer?.logIndex ?? null]);

describe('pairInvests: an Invested event counts only with the AIDF that moved with it', () => {
  it('pairs the event with the Transfer from its sender of exactly its amount in its transaction', () => {
    expect(paired(pairInvests([event(TX1, 1, 250n)], [transfer(TX1, 0, 250n)]))).toEqual([[1, 0]]);
  });

  it('an event without any Transfer pairs with nothing (a contract that only emits the event)', () => {
    expect(paired(pairInvests([event(TX1, 0, 1_000_000n)], []))).toEqual([[0, null]]);
  });

  it('a Transfer in another transaction never counts for the event', () => {
    expect(paired(pairInvests([event(TX2, 0, 100n)], [transfer(TX1, 0, 100n)]))).toEqual([[0, null]]);
  });

  it('another sender or another amount does not count', () => {
    const events = [event(TX1, 2, 100n), event(TX2, 2, 100n)];
    const transfers = [transfer(TX1, 0, 100n, BOB), transfer(TX2, 0, 99n)];
    expect(paired(pairInvests(events, transfers))).toEqual([
      [2, null],
      [2, null],
    ]);
  });

  it('two events in one transaction cannot share one Transfer', () => {
    const events = [event(TX1, 1, 100n), event(TX1, 2, 100n)];
    expect(paired(pairInvests(events, [transfer(TX1, 0, 100n)]))).toEqual([
      [1, 0],
      [2, null],
    ]);
  });

  it('two events with two Transfers of one transaction each take their own', () => {
    const events = [event(TX1, 1, 100n), event(TX1, 3, 50n)];
    const transfers = [transfer(TX1, 2, 50n), transfer(TX1, 0, 100n)];
    expect(paired(pairInvests(events, transfers))).toEqual([
      [1, 0],
      [3, 2],
    ]);
  });
});
