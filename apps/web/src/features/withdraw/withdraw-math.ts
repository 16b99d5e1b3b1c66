import { AMOUNT_TEXT, compareAmounts, withdrawalFigures } from '@aidf/contract';

export type WithdrawProblemKey =
  | 'withdraw.needAmount'
  | 'transfer.badAmount'
  | 'errors.81011'
  | 'errors.81009'
  | 'messages.ms23'
  | 'errors.81010';

/**
 * The checks of SPEC.md point 5 for a withdrawal; answers the i18n key of the problem. `balance` is null while the
 * screen has not loaded it yet: the amount is then not held against it (the server checks it, and says so in the
 * user's language), never against a balance of 0 that would refuse every amount.
 */
export function withdrawProblem(input: {
  amount: string;
  address: string;
  feeRate: string;
  balance: string | null;
  min: string;
  max: string;
}): { field: 'amount' | 'address'; key: WithdrawProblemKey } | null {
  const { amount } = input;
  if (!amount) return { field: 'amount', key: 'withdraw.needAmount' };
  if (!AMOUNT_TEXT.test(amount)) return { field: 'amount', key: 'transfer.badAmount' };
  if (compareAmounts(amount, input.min) < 0 || compareAmounts(amount, input.max) > 0) {
    return { field: 'amount', key: 'errors.81011' };
  }
  if (compareAmounts(withdrawalFigures(amount, input.feeRate).receive, '0') <= 0) {
    return { field: 'amount', key: 'errors.81009' };
  }
  if (input.balance !== null && compareAmounts(amount, input.balance) > 0) {
    return { field: 'amount', key: 'messages.ms23' };
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(input.address.trim())) return { field: 'address', key: 'errors.81010' };
  return null;
}
