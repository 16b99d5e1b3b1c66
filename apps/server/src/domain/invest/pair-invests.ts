import type { ScannedInvest, ScannedInvestTransfer } from '../../chain/evm/evm-invest-source.ts';

/** An Invested event with the AIDF Transfer that carried its value, or null when nothing carried it. */
export interface PairedInvest {
  invest: ScannedInvest;
  transfer: ScannedInvestTransfer | null;
}

/**
 * Pairs each Invested event with the AIDF that moved (RULES.md "Treasury": a watcher credits value that arrived,
 * not an event that says so): a Transfer log to the contract in the same transaction, from the event's sender,
 * of exactly the event's amount. Each Transfer pays for one event at most, so two events in one transaction
 * cannot share one transfer, and a transfer in another transaction never counts. Events are taken in log order
 * and each takes the first Transfer that fits: transfers that fit one event are interchangeable for it, so this
 * pairs as many events as any pairing could.
 */
export function pairInvests(invests: ScannedInvest[], transfers: ScannedInvestTransfer[]): PairedInvest[] {
  const open = new Map<string, ScannedInvestTransfer[]>();
  for (const transfer of [...transfers].sort((a, b) => a.logIndex - b.logIndex)) {
    const key = transfer.txHash.toLowerCase();
    open.set(key, [...(open.get(key) ?? []), transfer]);
  }
  return [...invests]
    .sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    )
    .map((invest) => {
      const candidates = open.get(invest.txHash.toLowerCase()) ?? [];
      const i = candidates.findIndex((t) => t.from === invest.from && t.units === invest.units);
      if (i < 0) return { invest, transfer: null };
      const [transfer] = candidates.splice(i, 1);
      return { invest, transfer: transfer ?? null };
    });
}
