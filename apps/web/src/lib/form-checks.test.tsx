// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FieldMessages, useFormChecks } from './form-checks.ts';

type Fields = 'amount' | 'email';
const check = (v: Record<Fields, string>): FieldMessages<Fields> => ({
  ...(v.amount === '' ? { amount: 'Please enter pledged quantity' } : {}),
  ...(v.email.includes('@') ? {} : { email: 'Invalid e-mail address' }),
});

function form(initial: Record<Fields, string>) {
  return renderHook((values: Record<Fields, string>) => useFormChecks(values, check), { initialProps: initial });
}

describe('form messages follow the current input', () => {
  it('says nothing before the submit; then each message goes as soon as its input is fixed', () => {
    const { result, rerender } = form({ amount: '', email: 'x' });
    expect(result.current.errors).toEqual({});
    let ok = true;
    act(() => {
      ok = result.current.validate();
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({ amount: 'Please enter pledged quantity', email: 'Invalid e-mail address' });
    rerender({ amount: '100', email: 'x' });
    expect(result.current.errors).toEqual({ email: 'Invalid e-mail address' });
    rerender({ amount: '100', email: 'a@b.co' });
    expect(result.current.errors).toEqual({});
    // Emptied again after the submit: the message is back, as the input now deserves it.
    rerender({ amount: '', email: 'a@b.co' });
    expect(result.current.errors).toEqual({ amount: 'Please enter pledged quantity' });
  });

  it('a field checked on blur shows its own message only, and follows its input too', () => {
    const { result, rerender } = form({ amount: '', email: 'x' });
    act(() => {
      result.current.touch('email');
    });
    expect(result.current.errors).toEqual({ email: 'Invalid e-mail address' });
    rerender({ amount: '', email: 'a@b.co' });
    expect(result.current.errors).toEqual({});
  });

  it("a server's answer stays under its field until that input changes", () => {
    const { result, rerender } = form({ amount: '5', email: 'a@b.co' });
    act(() => {
      result.current.validate();
      result.current.reject('email', 'User does not exist');
    });
    expect(result.current.errors).toEqual({ email: 'User does not exist' });
    rerender({ amount: '6', email: 'a@b.co' });
    expect(result.current.errors).toEqual({ email: 'User does not exist' });
    rerender({ amount: '6', email: 'b@b.co' });
    expect(result.current.errors).toEqual({});
  });

  it('reset after a success: nothing is said until the next submit', () => {
    const { result, rerender } = form({ amount: '5', email: 'a@b.co' });
    act(() => {
      result.current.validate();
      result.current.reset();
    });
    rerender({ amount: '', email: 'a@b.co' });
    expect(result.current.errors).toEqual({});
  });
});
