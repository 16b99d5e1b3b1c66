import type { Address, ReadonlyUint8Array } from '@solana/kit';

/** An account as the runtime holds it. Elsewhere `null` stands for "no such account". */
export interface AccountState {
  lamports: bigint;
  data: ReadonlyUint8Array;
  owner: Address;
  executable: boolean;
}

interface Change {
  slot: number;
  before: AccountState | null;
}

/**
 * litesvm holds only the newest state, but a 'confirmed' or 'finalized' query must answer as of an older slot.
 * For every account a slot writes we keep the state it had before that slot: the state at the end of slot S is
 * the pre-image of the first change after S, or the current state when nothing changed since. Queries never look
 * below the finalized slot, so changes at or below it are dropped.
 */
export class AccountHistory {
  private readonly changesByAddress = new Map<Address, Change[]>();
  private readonly addressesBySlot = new Map<number, Address[]>();
  private prunedThrough = -1;

  record(slot: number, address: Address, before: AccountState | null): void {
    const changes = this.changesByAddress.get(address) ?? [];
    // Only the first write in a slot carries the state the slot started from.
    if (changes.at(-1)?.slot === slot) return;
    changes.push({ slot, before });
    this.changesByAddress.set(address, changes);
    const addresses = this.addressesBySlot.get(slot) ?? [];
    addresses.push(address);
    this.addressesBySlot.set(slot, addresses);
  }

  /** The state of `address` at the end of `slot`; `current` reads the newest state. */
  stateAt(address: Address, slot: number, current: () => AccountState | null): AccountState | null {
    const change = this.changesByAddress.get(address)?.find((candidate) => candidate.slot > slot);
    return change ? change.before : current();
  }

  /** Addresses written after `slot`: a scan as of `slot` must revisit them, including accounts closed since. */
  changedAfter(slot: number): Address[] {
    const addresses = new Set<Address>();
    for (const [changedSlot, changed] of this.addressesBySlot) {
      if (changedSlot > slot) for (const address of changed) addresses.add(address);
    }
    return [...addresses];
  }

  prune(throughSlot: number): void {
    for (let slot = this.prunedThrough + 1; slot <= throughSlot; slot++) {
      for (const address of this.addressesBySlot.get(slot) ?? []) {
        const remaining = this.changesByAddress.get(address)?.filter((change) => change.slot > throughSlot) ?? [];
        if (remaining.length > 0) this.changesByAddress.set(address, remaining);
        else this.changesByAddress.delete(address);
      }
      this.addressesBySlot.delete(slot);
    }
    this.prunedThrough = Math.max(this.prunedThrough, throughSlot);
  }
}
