import { CHAINS, RECEIPT_POLL_INTERVAL_MS, type TChainName } from '@aidf/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../components/toast.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { connectorFor } from '../wallet/index.ts';
import type { WalletConnector } from '../wallet/types.ts';
import { ApiError } from './api-client.ts';
import { useSession } from './session.ts';
import { walletFailureMessage } from './wallet-message.ts';

/**
 * A wallet action's life (STYLE.md item 11): the wallet is asked, its signature or transaction is sent, the
 * server or the chain confirms it, or it fails. `phase` of a failure says whether the wallet or what came
 * after it failed.
 */
export type WalletActionState =
  | { status: 'idle' }
  | { status: 'awaitingSignature' }
  | { status: 'sent' }
  | { status: 'confirmed' }
  | { status: 'failed'; message: string; phase: FailurePhase };

export type FailurePhase = 'wallet' | 'after';

/** A connected wallet: its connector and the account it answered with. */
export interface ConnectedWallet {
  connector: WalletConnector;
  address: string;
}

/** What the action's steps get: the wallet, on demand, and the marks of its life. */
export interface WalletSteps {
  /** Connects the wallet of `chain` (the action's chain by default); a failure from here on names that chain. */
  connect(chain?: TChainName): Promise<ConnectedWallet>;
  /** Connects if needed and signs `text` with the action's wallet; the action counts as sent afterwards. */
  sign(text: string, wallet?: ConnectedWallet): Promise<string>;
  /** Marks the action sent (a transaction id came back, or the signed request is on its way). */
  sent(): void;
  /**
   * Marks the transaction sent and polls its receipt every 500 ms (SPEC.md point 7) until mined: true when it
   * succeeded, false when it reverted, null when the screen went away first.
   */
  mined(txId: string, wallet?: ConnectedWallet): Promise<boolean | null>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * False once the component is gone, so that its polls stop. Set on mount as well: StrictMode mounts, unmounts
 * and mounts again in development, and a flag only ever cleared would stop every later poll at once.
 */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

export interface WalletActionOptions<R> {
  /** The chain whose wallet acts: the session's, else BNB Smart Chain. */
  chain?: TChainName;
  /** The success toast for the result; null shows none (the caller follows up itself). Default: 'wallet.confirmed'. */
  success?: (result: R) => string | null;
  /** Rewrites the failure toast; `message` is the wallet's or the server's own message. */
  failure?: (error: unknown, message: string, phase: FailurePhase) => string;
}

/**
 * The one way the app has a wallet sign or send: every signed action runs through `run`, which
 * owns the state and the toast of each stage. `run` resolves to the action's result, or undefined once it failed
 * (the failure has been shown).
 */
export function useWalletAction() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [state, setState] = useState<WalletActionState>({ status: 'idle' });
  const running = useRef(false);
  const mounted = useMounted();

  const run = useCallback(
    async <R>(action: (steps: WalletSteps) => Promise<R>, options: WalletActionOptions<R> = {}) => {
      // A second tap while the wallet is open must not ask it twice.
      if (running.current) return undefined;
      running.current = true;
      const chain = options.chain ?? session.chain ?? CHAINS.bsc.name;
      let failingChain = chain;
      let phase: FailurePhase = 'wallet';
      let primary: ConnectedWallet | null = null;
      const sent = () => {
        if (phase === 'after') return;
        phase = 'after';
        failingChain = chain;
        setState({ status: 'sent' });
        showToast(t('wallet.sent'), 'info');
      };
      const connect = async (which: TChainName = chain) => {
        if (which === chain && primary) return primary;
        failingChain = which;
        const connector = await connectorFor(which);
        const wallet = { connector, address: await connector.connect() };
        if (which === chain) primary = wallet;
        return wallet;
      };
      const steps: WalletSteps = {
        connect,
        sign: async (text, wallet) => {
          const signer = wallet ?? (await connect());
          const signature = await signer.connector.signMessage(signer.address, text);
          // What fails after a second wallet signed (a bind's confirmation) is no longer that wallet's doing.
          failingChain = chain;
          sent();
          return signature;
        },
        sent,
        mined: async (txId, wallet) => {
          sent();
          const { connector } = wallet ?? (await connect());
          while (mounted.current) {
            const status = await connector.transferStatus(txId).catch(() => null);
            if (status) return status.ok;
            await sleep(RECEIPT_POLL_INTERVAL_MS);
          }
          return null;
        },
      };
      setState({ status: 'awaitingSignature' });
      showToast(t('wallet.awaiting'), 'info');
      try {
        const result = await action(steps);
        setState({ status: 'confirmed' });
        const text = options.success ? options.success(result) : t('wallet.confirmed');
        if (text !== null) showToast(text, 'success');
        return result;
      } catch (error) {
        const own = walletFailureMessage(error, t, (k) => i18n.exists(k), failingChain);
        const message = options.failure ? options.failure(error, own, phase) : own;
        setState({ status: 'failed', message, phase });
        // The server's "come back" changed nothing and the banner says it is reconnecting: told, not alarmed.
        showToast(message, error instanceof ApiError && error.retryAfterMs !== null ? 'info' : 'error');
        return undefined;
      } finally {
        running.current = false;
      }
    },
    [t, i18n, session.chain, mounted],
  );

  const busy = state.status === 'awaitingSignature' || state.status === 'sent';
  return { state, busy, run, reset: useCallback(() => setState({ status: 'idle' }), []) };
}
