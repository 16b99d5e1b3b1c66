// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import ar from '../../i18n/locales/ar.json';
import en from '../../i18n/locales/en.json';
import { WithdrawalItem } from './WithdrawalList.tsx';

beforeAll(async () => {
  i18n.addMessages('en', en);
  i18n.addMessages('ar', ar);
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const withdrawal = (status: 'requested' | 'awaiting-funds' | 'sent' | 'confirmed' | 'refunded') => ({
  id: '7',
  amount: '100',
  fee: '0.5',
  receive: '99.5',
  address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  status,
  txId: null,
  txUrl: null,
  confirmations: null,
  confirmed: false,
  createTime: Date.UTC(2026, 0, 2, 3, 4),
  expectedArrivalTime: Date.UTC(2026, 0, 2, 3, 19),
});

describe('a withdrawal in the history', () => {
  it('waiting for funds: says so and why, with nothing for the user to do, and no arrival time', async () => {
    await i18n.changeLanguage('en');
    render(
      <ul>
        <WithdrawalItem w={withdrawal('awaiting-funds')} />
      </ul>,
    );
    const item = screen.getByTestId('withdrawal');
    expect(item.getAttribute('data-status')).toBe('awaiting-funds');
    expect(item.querySelector('.badge-awaiting-funds')?.textContent).toBe('Waiting for funds');
    expect(screen.getByTestId('withdrawal-waiting-note').textContent).toBe(
      'The platform is moving funds to pay it. It will be sent automatically; there is nothing you need to do.',
    );
    expect(item.textContent).not.toContain('Expected by');
  });

  it('waiting for funds in Arabic, its address kept left to right', async () => {
    await i18n.changeLanguage('ar');
    render(
      <ul>
        <WithdrawalItem w={withdrawal('awaiting-funds')} />
      </ul>,
    );
    const item = screen.getByTestId('withdrawal');
    expect(item.querySelector('.badge')?.textContent).toBe(ar.withdraw.status['awaiting-funds']);
    expect(screen.getByTestId('withdrawal-waiting-note').textContent).toBe(ar.withdraw.awaitingFunds);
    expect(item.querySelector('bdi.mono')?.getAttribute('dir')).toBe('ltr');
  });

  it('on its way: the expected arrival, and no waiting note', async () => {
    await i18n.changeLanguage('en');
    render(
      <ul>
        <WithdrawalItem w={withdrawal('requested')} />
      </ul>,
    );
    expect(screen.getByTestId('withdrawal').textContent).toContain('Expected by');
    expect(screen.queryByTestId('withdrawal-waiting-note')).toBeNull();
  });

  const HASH = `0x${'ab'.repeat(32)}`;
  const paid = (leg: { confirmations: number | null; confirmed: boolean }) => ({
    ...withdrawal('sent'),
    txId: HASH,
    txUrl: `https://testnet.bscscan.com/tx/${HASH}`,
    ...leg,
  });

  it('a payout in a block not yet deep enough: its hash links to the explorer, and "12 confirmations"', async () => {
    await i18n.changeLanguage('en');
    render(
      <ul>
        <WithdrawalItem w={paid({ confirmations: 12, confirmed: false })} />
      </ul>,
    );
    expect(screen.getByTestId('tx-link').getAttribute('href')).toBe(`https://testnet.bscscan.com/tx/${HASH}`);
    const count = screen.getByTestId('confirmations');
    expect(count.textContent).toBe('12 confirmations');
    expect(count.getAttribute('data-confirmations')).toBe('12');
  });

  it('past the required depth it says "Confirmed"; in Arabic, the plural forms of the count', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = render(
      <ul>
        <WithdrawalItem w={paid({ confirmations: 40, confirmed: true })} />
      </ul>,
    );
    expect(screen.getByTestId('confirmations').textContent).toBe('Confirmed');
    unmount();
    await i18n.changeLanguage('ar');
    render(
      <ul>
        <WithdrawalItem w={paid({ confirmations: 2, confirmed: false })} />
      </ul>,
    );
    expect(screen.getByTestId('confirmations').textContent).toBe(ar.history.confirmations_two);
  });

  it('sent with its block not known yet: the hash, no count', async () => {
    await i18n.changeLanguage('en');
    render(
      <ul>
        <WithdrawalItem w={paid({ confirmations: null, confirmed: false })} />
      </ul>,
    );
    expect(screen.getByTestId('tx-link')).toBeTruthy();
    expect(screen.queryByTestId('confirmations')).toBeNull();
  });
});
