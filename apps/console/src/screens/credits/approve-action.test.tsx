// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/index.ts';
import { ApproveAction } from './ApproveAction.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const tooNew = {
  proposalId: '9',
  canApprove: false,
  cannotApprove: { code: 14031, message: 'This operator did not exist when it was proposed' },
};

describe('[console] a proposal offers Approve only when the approval can pass', () => {
  it('offers Approve where the server says the reader may approve, and sends it', async () => {
    await setLanguage('en');
    const onApprove = vi.fn();
    render(
      <ApproveAction
        proposal={{ proposalId: '7', canApprove: true, cannotApprove: null }}
        mine={false}
        pending={false}
        onApprove={onApprove}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve proposal 7' }));
    expect(onApprove).toHaveBeenCalledWith('7');
  });

  it('hides Approve from an operator newer than the proposal and says exactly why', async () => {
    await setLanguage('en');
    render(<ApproveAction proposal={tooNew} mine={false} pending={false} onApprove={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('cannot-approve-9').textContent).toBe(
      'Cannot approve: You did not exist yet when this was proposed: only an operator who did may approve it.',
    );
  });

  it('names the shared creator, in Chinese too', async () => {
    await setLanguage('zh-CN');
    const sameCreator = { proposalId: '3', canApprove: false, cannotApprove: { code: 14034, message: 'one person' } };
    render(<ApproveAction proposal={sameCreator} mine={false} pending={false} onApprove={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('cannot-approve-3').textContent).toContain('同一人创建');
  });

  it("says the reader's own proposal waits for another operator", async () => {
    await setLanguage('en');
    const own = { proposalId: '4', canApprove: false, cannotApprove: { code: 1403, message: 'own' } };
    render(<ApproveAction proposal={own} mine={true} pending={false} onApprove={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Yours: another operator approves it')).toBeTruthy();
  });
});
