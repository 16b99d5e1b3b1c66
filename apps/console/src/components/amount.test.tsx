// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Amount } from './Amount.tsx';

afterEach(cleanup);

describe('[console] an amount', () => {
  it('is shown rounded down to the display decimals, the exact value on demand', () => {
    render(<Amount value="99.999948408999638863" currency="cow" />);
    const shown = screen.getByText(/COW/);
    expect(shown.textContent).toBe('99.9999 COW');
    expect(shown.getAttribute('title')).toBe('99.999948408999638863');
    expect(shown.getAttribute('data-exact')).toBe('99.999948408999638863');
    expect(shown.getAttribute('dir')).toBe('ltr');
  });

  it('groups the digits of a large amount and keeps its sign; no tooltip when nothing is cut off', () => {
    render(<Amount value="-744000.5" currency="aidf" />);
    const shown = screen.getByText(/AIDF/);
    expect(shown.textContent).toBe('-744,000.5 AIDF');
    expect(shown.getAttribute('title')).toBeNull();
  });
});
