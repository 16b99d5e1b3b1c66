import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, Toaster } from './toast.tsx';

describe('toasts', () => {
  afterEach(() => {
    act(() => vi.runAllTimers());
    cleanup();
    vi.useRealTimers();
  });

  it('the stages of one slot replace each other; other toasts stack', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('Confirm in your wallet…', 'info', 'action-1');
      showToast('Copied', 'info');
      showToast('Sent, waiting for confirmation…', 'info', 'action-1');
    });
    expect(screen.getByRole('status').textContent).toBe('Sent, waiting for confirmation…Copied');
    act(() => showToast('Sent 12.5 USDT to bob', 'success', 'action-1'));
    expect(screen.getAllByText(/./).map((e) => e.textContent)).toEqual(['Sent 12.5 USDT to bob', 'Copied']);
    act(() => vi.advanceTimersByTime(2600));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a repeat of a text on screen is not stacked', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('Copied');
      showToast('Copied');
    });
    expect(screen.getAllByText('Copied')).toHaveLength(1);
  });
});
