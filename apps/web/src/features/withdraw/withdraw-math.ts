import { AMOUNT_TEXT, compareAmounts, fromBaseUnits, toBaseUnits } from '@aidf/contract';

const SCALE = 18;

/** fee = amount × rate cut to 18 decimals, and what the user receives: the server's figures, in BigInt. */
export function withdrawFigures(amount: string, feeRate: string) {
  const units = toBaseUnits(amount, SCALE);
  const fee = (units * toBaseUnits(feeRate, SCALE)) / 10n ** BigInt(SCALE);
  return { fee: fromBaseUnits(fee, SCALE), receive: fromBaseUnits(units - fee, SCALE) };
}

export type WithdrawProblemKey =
  | 'withdraw.needAmount'
  | 'transfer.badAmount'
  | 'errors.81011'
  | 'errors.81009'
  | 'messages.ms23'
  | 'errors.81010';

/** The checks of SPEC.md point 5 for a withdrawal; answers the i18n key of the problem. */
export function withdrawProblem(input: {
  amount: string;
  address: string;
  feeRate: string;
  balance: string;
  min: string;
  max: string;
}): { field: 'amount' | 'address'; key: WithdrawProblemKey } | null {
  const { amount } = input;
  if (!amount) return { field: 'amount', key: 'withdraw.needAmount' };
  if (!AMOUNT_TEXT.test(amount)) return { field: 'amount', key: 'transfer.badAmount' };
  if (compareAmounts(amount, input.min) < 0 || compareAmounts(amount, input.max) > 0) {
    return { field: 'amount', key: 'errors.81011' };
  }
  if (compareAmounts(withdrawFigures(amount, input.feeRate).receive, '0') <= 0) {
    return { field: 'amount', key: 'errors.81009' };
  }
  if (compareAmounts(amount, input.balance) > 0) return { field: 'amount', key: 'messages.ms23' };
  if (!/^0x[0-9a-fA-F]{40}$/.test(input.address.trim())) return { field: 'address', key: 'errors.81010' };
  return null;
}
