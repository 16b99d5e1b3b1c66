// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/index.ts';
import { ActionForm } from './ActionForm.tsx';

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});
afterEach(cleanup);

const payout = {
  id: '42',
  mid: '7',
  username: 'alice',
  chain: 'bsc',
  currency: 'cow',
  amount: '12.5',
  toAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  status: 'held',
  reason: 'large',
  createdAt: 0,
};

describe("[console] a held payout's retry or refund asks for a reason", () => {
  it('keeps the refund closed until a reason is given, then sends it trimmed', () => {
    const onSubmit = vi.fn();
    render(<ActionForm payout={payout} action="refund" pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const form = screen.getByRole('form', { name: 'Refund payout 42' });
    expect(form.textContent).toContain('alice: 12.5 COW');
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Refund to the user' });
    expect(confirm.disabled).toBe(true);
    expect(confirm.className).toBe('danger');
    fireEvent.change(screen.getByLabelText('Reason (recorded in the audit trail)'), { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason (recorded in the audit trail)'), {
      target: { value: '  the user asked  ' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onSubmit).toHaveBeenCalledWith('the user asked');
  });

  it('is no danger to retry, and waits while the last one is on its way', () => {
    render(<ActionForm payout={payout} action="retry" pending={true} onSubmit={() => {}} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText('Reason (recorded in the audit trail)'), {
      target: { value: 'the RPC answers again' },
    });
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Send back to the worker' });
    expect(confirm.className).toBe('');
    expect(confirm.disabled).toBe(true);
  });
});
