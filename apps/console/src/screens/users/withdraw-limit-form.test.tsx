// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/index.ts';
import { WithdrawLimitForm } from './WithdrawLimitForm.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.submit(screen.getByRole('button', { name: 'Propose' }).closest('form') as HTMLFormElement);
}

describe("[console] the form proposing one user's own withdrawal limit", () => {
  it('proposes the day and the 30 days with the reason, and names the proposals for the approvals page', async () => {
    await setLanguage('en');
    const onPropose = vi.fn();
    const { rerender } = render(
      <WithdrawLimitForm onPropose={onPropose} pending={false} error={null} proposalIds={null} />,
    );
    fill({ 'Per day': '500', 'Per 30 days': ' 5000 ', Reason: 'verified holder' });
    expect(onPropose).toHaveBeenCalledWith({ currency: 'cow', day: '500', days30: '5000', reason: 'verified holder' });
    rerender(<WithdrawLimitForm onPropose={onPropose} pending={false} error={null} proposalIds={['8', '9']} />);
    expect(screen.getByTestId('limit-proposed').textContent).toContain('Proposed: 8, 9.');
    expect(screen.getByRole('link', { name: 'Credits and approvals' }).getAttribute('href')).toBe('/credits');
  });

  it('refuses a value below zero with the error line and sends nothing', async () => {
    await setLanguage('en');
    const onPropose = vi.fn();
    render(<WithdrawLimitForm onPropose={onPropose} pending={false} error={null} proposalIds={null} />);
    fill({ 'Per day': '500', 'Per 30 days': '-1', Reason: 'x' });
    expect(onPropose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Some of what you entered is not valid.');
  });

  it('refuses a form with neither period, in Arabic too', async () => {
    await setLanguage('ar');
    const onPropose = vi.fn();
    render(<WithdrawLimitForm onPropose={onPropose} pending={false} error={null} proposalIds={null} />);
    fireEvent.change(screen.getByLabelText('السبب'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByRole('button', { name: 'اقتراح' }).closest('form') as HTMLFormElement);
    expect(onPropose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('بعض ما أدخلته غير صالح.');
  });
});
