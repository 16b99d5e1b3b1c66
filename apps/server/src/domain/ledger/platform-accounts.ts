import type { AccountRef } from '../../db/repositories/ledger.ts';

/** The platform's own accounts; they may go negative, being where tokens enter the platform. */
export const PLATFORM = {
  /** Operator credits (merchant-system-transfer, "admin recharge"). */
  operatorCredit: 'operator-credit',
  /** Rewards and interest paid by the platform. */
  issuance: 'issuance',
  /** Fees the platform keeps. */
  fees: 'fees',
  /** The chain's side of recharges and payouts: debited by deposits, credited by payouts sent out. */
  chain: (chain: 'bsc' | 'solana') => `chain-${chain}`,
  /**
   * Gas the platform burnt on a chain (payouts, gas top-ups, sweeps), in the chain's native coin: debited by each
   * chain-fee movement, whose other side credits the chain's clearing account (the chain holds that much less).
   */
  chainFees: (chain: 'bsc' | 'solana') => `chain-fees-${chain}`,
  /**
   * What the platform itself put on a chain (the hot wallet's gas money): credited by treasury-funding, whose other
   * side debits the chain's clearing account (the chain holds that much more).
   */
  treasuryCapital: 'treasury-capital',
  /** Withdrawals debited from users and not yet confirmed on chain or refunded. */
  withdrawalsInFlight: 'withdrawals-in-flight',
  /** Principal of running pledges, held until each pledge's last day. */
  pledgePool: 'pledge-pool',
  /** The covered part of miner orders awaiting payment, and on-chain payments counted for them. */
  machineOrdersHeld: 'machine-orders-held',
  /** What paid miner orders bring in (the collection side of a purchase). */
  machineSales: 'machine-sales',
} as const;

export function platformAccount(code: string, currency: string, submode = '00'): AccountRef {
  return { platform: code, currency, submode };
}

export function userAccount(userId: bigint, currency: string, submode = '00'): AccountRef {
  return { userId, currency, submode };
}
