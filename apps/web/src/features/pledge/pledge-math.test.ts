import { formatAmount } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { expectedReturn, paymentSchedule, pledgeProblem, rateFigures } from './pledge-math.ts';

describe('pledge math', () => {
  it('expected return is amount x (1 + rate/100), shown as every amount: 4 decimals rounded down, no trailing zeros', () => {
    expect(formatAmount(expectedReturn('100', '6') as string)).toBe('106');
    expect(formatAmount(expectedReturn('100', '6.5') as string)).toBe('106.5');
    expect(expectedReturn('33.33333', '1.5')).toBe('33.83332995');
    expect(formatAmount(expectedReturn('33.33333', '1.5') as string)).toBe('33.8333');
    expect(expectedReturn('1e3', '6')).toBeNull();
  });

  it('shows the period rate, per day and the simple yearly figure, never compounded', () => {
    expect(rateFigures('6', 90)).toEqual({ period: '6', perDay: '0.0666', perYear: '24.33' });
    expect(rateFigures('36', 365)).toEqual({ period: '36', perDay: '0.0986', perYear: '36.00' });
  });

  it('checks the amount as SPEC.md point 5 says, then the balance', () => {
    expect(pledgeProblem('', '10')).toBe('pledge.amountRequired');
    expect(pledgeProblem('0.5', '10')).toBe('pledge.amountRange');
    expect(pledgeProblem('1000001', '2000000')).toBe('pledge.amountRange');
    expect(pledgeProblem('-1', '10')).toBe('pledge.amountRange');
    expect(pledgeProblem('11', '10')).toBe('messages.ms23');
    expect(pledgeProblem('10', '10')).toBeNull();
  });

  it('the schedule ends at exactly amount x rate / 100', () => {
    const schedule = paymentSchedule({ amount: '100', rate: '6', days: 90, paidDays: 2 });
    expect(schedule).toHaveLength(90);
    expect(schedule.at(-1)?.cumulative).toBe('6.000000000000000000');
    expect(schedule.filter((p) => p.paid).map((p) => p.day)).toEqual([1, 2]);
  });
});
