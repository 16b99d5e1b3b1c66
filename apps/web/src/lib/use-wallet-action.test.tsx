// @vitest-environment jsdom
import { BSC_CHAIN_ID_HEX, CHAINS } from '@aidf/contract';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../components/toast.tsx';
import { i18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import { ApiError } from './api-client.ts';
import { useWalletAction } from './use-wallet-action.ts';

const ADDRESS = '0x1111111111111111111111111111111111111111';

/** A promise the test settles by hand, to hold the action at a stage. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The user's browser wallet (EIP-1193), the one thing outside the app: it answers personal_sign as told. */
let signAnswer: () => Promise<unknown>;
const wallet = {
  async request({ method }: { method: string }) {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS];
    if (method === 'eth_chainId') return BSC_CHAIN_ID_HEX;
    if (method === 'personal_sign') return signAnswer();
    throw new Error(`unexpected ${method}`);
  },
};

beforeAll(async () => {
  i18n.addMessages('en', en);
  await i18n.changeLanguage('en');
  window.ethereum = wallet;
});

beforeEach(() => {
  signAnswer = async () => '0xsigned';
  render(<Toaster />);
});

afterEach(cleanup);

describe('useWalletAction', () => {
  it('goes from awaiting the signature to sent to confirmed, with a toast for each', async () => {
    const signature = deferred<unknown>();
    signAnswer = () => signature.promise;
    const server = deferred<string>();
    const { result } = renderHook(() => useWalletAction());
    let outcome: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      outcome = result.current.run(
        async (steps) => {
          const sign = await steps.sign('pledge-1');
          expect(sign).toBe('0xsigned');
          return server.promise;
        },
        { chain: CHAINS.bsc.name, success: (id) => `Done ${id}` },
      );
    });
    expect(result.current.state).toEqual({ status: 'awaitingSignature' });
    expect(result.current.busy).toBe(true);
    await screen.findByText(en.wallet.awaiting);

    signature.resolve('0xsigned');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'sent' }));
    expect(result.current.busy).toBe(true);
    await screen.findByText(en.wallet.sent);

    server.resolve('42');
    await act(async () => {
      expect(await outcome).toBe('42');
    });
    expect(result.current.state).toEqual({ status: 'confirmed' });
    expect(result.current.busy).toBe(false);
    expect(screen.getByText('Done 42').className).toContain('toast-success');
  });

  it('fails in the wallet phase when the user refuses to sign, with the wallet message', async () => {
    signAnswer = () => Promise.reject({ code: 4001 });
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const action = useWalletAction();
      seen.push(action.state.status);
      return action;
    });
    await act(async () => {
      expect(await result.current.run((steps) => steps.sign('transfer'))).toBeUndefined();
    });
    expect(result.current.state).toEqual({ status: 'failed', message: en.messages.ms6, phase: 'wallet' });
    expect(screen.getByText(en.messages.ms6).className).toContain('toast-error');
    expect(seen).not.toContain('sent');
  });

  it('fails after sending when the server refuses, and the caller may reword the toast', async () => {
    const { result } = renderHook(() => useWalletAction());
    await act(async () => {
      await result.current.run(
        async (steps) => {
          await steps.sign('withdraw');
          throw new ApiError(1230, 200, 'balance too low');
        },
        { failure: (_error, message, phase) => `${phase}: ${message}` },
      );
    });
    expect(result.current.state).toMatchObject({ status: 'failed', phase: 'after' });
    const message = (result.current.state as { message: string }).message;
    expect(message.startsWith('after: ')).toBe(true);
    expect(screen.getByText(message).className).toContain('toast-error');
  });

  it('asks the wallet once while an action runs', async () => {
    const signature = deferred<unknown>();
    signAnswer = () => signature.promise;
    const { result } = renderHook(() => useWalletAction());
    let first: Promise<string | undefined> = Promise.resolve(undefined);
    let second: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      first = result.current.run((steps) => steps.sign('a'), { success: () => null });
      second = result.current.run((steps) => steps.sign('b'), { success: () => null });
    });
    expect(await second).toBeUndefined();
    signature.resolve('0xonce');
    await act(async () => {
      expect(await first).toBe('0xonce');
    });
    expect(result.current.state).toEqual({ status: 'confirmed' });
  });
});
