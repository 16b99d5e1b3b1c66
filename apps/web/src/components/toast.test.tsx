// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, Toaster } from './toast.tsx';

describe('toasts', () => {
  afterEach(() => {
    act(() => vi.runAllTimers());
    cleanup();
    vi.useRealTimers();
  });

  it('one toast at a time: the last replaces the earlier ones, and goes after its own time', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('Confirm in your wallet…', 'info');
      showToast('Sent, waiting for confirmation…', 'info');
    });
    expect(screen.getByRole('status').textContent).toBe('Sent, waiting for confirmation…');
    act(() => vi.advanceTimersByTime(2000));
    act(() => showToast('Signed in', 'success'));
    expect(screen.getByRole('status').textContent).toBe('Signed in');
    expect(screen.getByText('Signed in').className).toContain('toast-success');
    // The earlier toast's timer does not take the newer one away.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status').textContent).toBe('Signed in');
    act(() => vi.advanceTimersByTime(1600));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a repeat of the text shown is one toast', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('Copied');
      showToast('Copied');
    });
    expect(screen.getAllByText('Copied')).toHaveLength(1);
  });
});
