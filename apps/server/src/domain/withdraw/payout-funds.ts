import { fromBaseUnits } from '@aidf/contract';

/** An amount of the payout token and of BNB, in base units (the token's smallest unit, wei). */
export interface PayoutFunds {
  token: bigint;
  native: bigint;
}

/**
 * What the hot wallet held at one block, and its transaction count then: a payout signed with a nonce at or
 * above `minedNonce` was not mined by that block, so its tokens and gas are still in these balances.
 */
export interface HotWalletSnapshot extends PayoutFunds {
  block: bigint;
  minedNonce: bigint;
}

export const NO_FUNDS: PayoutFunds = { token: 0n, native: 0n };

export const plus = (a: PayoutFunds, b: PayoutFunds): PayoutFunds => ({
  token: a.token + b.token,
  native: a.native + b.native,
});

/**
 * What is free for the next payout: the snapshot's balances less what the payouts signed and not mined by then
 * will take (`committed`), less what this tick keeps back for older payouts waiting their turn (`reserved`).
 * Either part may be negative: nothing fits then.
 */
export function freeFunds(snapshot: PayoutFunds, committed: PayoutFunds, reserved: PayoutFunds): PayoutFunds {
  return {
    token: snapshot.token - committed.token - reserved.token,
    native: snapshot.native - committed.native - reserved.native,
  };
}

/**
 * Why a payout needing `need` does not fit in `free`, in words for operators (the token's and BNB's lack named
 * apart), or null when it fits.
 */
export function shortfall(
  free: PayoutFunds,
  need: PayoutFunds,
  units: { token: string; tokenDecimals: number; native: string; nativeDecimals: number },
): string | null {
  const lacks: string[] = [];
  const show = (amount: bigint, decimals: number) => fromBaseUnits(amount > 0n ? amount : 0n, decimals);
  if (need.token > free.token) {
    lacks.push(
      `${units.token}: needs ${show(need.token, units.tokenDecimals)}, ${show(free.token, units.tokenDecimals)} free`,
    );
  }
  if (need.native > free.native) {
    lacks.push(
      `${units.native} for gas: needs ${show(need.native, units.nativeDecimals)}, ${show(free.native, units.nativeDecimals)} free`,
    );
  }
  return lacks.length === 0 ? null : `the hot wallet lacks ${lacks.join('; ')}`;
}

/**
 * Whether a payout that does not fit keeps later ones from using the funds there are. A payout waiting less
 * than `reserveAfterMs` lets later, smaller payouts that fit go first (one large withdrawal does not stop every
 * other); once it has waited longer, what it needs is kept back for it, so incoming funds gather for it instead
 * of going to later payouts, and it cannot be starved.
 */
export function keepsItsTurn(awaitingSince: Date | null, now: Date, reserveAfterMs: number): boolean {
  return awaitingSince !== null && now.getTime() - awaitingSince.getTime() >= reserveAfterMs;
}
