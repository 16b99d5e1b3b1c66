import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * EVM wallets put in the page the ways real ones are: announced through EIP-6963 (with a name, an rdns and an
 * icon), or only injected as a global (`window.ethereum`, Binance's `window.binancew3w.ethereum`, OKX's
 * `window.okxwallet`). Each has a real key of its own and signs in Node with it, so the server verifies a real
 * signature and a test can tell which wallet signed.
 */
export interface TestEvmWallet {
  id: string;
  address: string;
  /** The methods the page asked this wallet for, in order. */
  calls: () => Promise<string[]>;
}

export type EvmWalletPlace =
  | { kind: 'eip6963'; name: string; rdns: string; icon: string }
  | { kind: 'ethereum'; flags?: Record<string, boolean> }
  | { kind: 'binancew3w' }
  | { kind: 'okxwallet' };

/** A small square icon as a data: URI, in the wallet's colour (a wallet's icon is shown as it announced it). */
export const iconOf = (colour: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${colour}"/></svg>`,
  ).toString('base64')}`;

export async function injectTestEvmWallet(page: Page, id: string, place: EvmWalletPlace): Promise<TestEvmWallet> {
  const account = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction(`__e2eSign_${id}`, (hexMessage: string) =>
    account.signMessage({ message: { raw: hexMessage as Hex } }),
  );
  await page.addInitScript(
    ({ id, address, place }) => {
      const w = window as unknown as Record<string, unknown> & { __e2eWalletCalls?: Record<string, string[]> };
      w.__e2eWalletCalls ??= {};
      const calls: string[] = [];
      w.__e2eWalletCalls[id] = calls;
      let chainId = '0x1';
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
      const provider: Record<string, unknown> = {
        ...(place.kind === 'ethereum' ? place.flags : {}),
        async request({ method, params }: { method: string; params?: unknown[] }) {
          calls.push(method);
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return chainId;
            case 'wallet_switchEthereumChain':
              chainId = (params?.[0] as { chainId?: string } | undefined)?.chainId ?? chainId;
              return null;
            case 'personal_sign':
              return (w[`__e2eSign_${id}`] as (m: string) => Promise<string>)(params?.[0] as string);
            default:
              throw fail(4200, `unsupported method ${method}`);
          }
        },
        on() {},
        removeListener() {},
      };
      if (place.kind === 'eip6963') {
        const announce = () =>
          window.dispatchEvent(
            new CustomEvent('eip6963:announceProvider', {
              detail: Object.freeze({
                info: { uuid: crypto.randomUUID(), name: place.name, icon: place.icon, rdns: place.rdns },
                provider,
              }),
            }),
          );
        // EIP-6963: announce at once, and again on every request (the page dedupes the repeats).
        announce();
        window.addEventListener('eip6963:requestProvider', announce);
      } else if (place.kind === 'ethereum') {
        w.ethereum = provider;
      } else if (place.kind === 'binancew3w') {
        w.binancew3w = { ethereum: { ...provider, isBinance: true } };
      } else {
        w.okxwallet = { ...provider, isOkxWallet: true };
      }
    },
    { id, address: account.address, place },
  );
  return {
    id,
    address: account.address,
    calls: () =>
      page.evaluate(
        (id) => (window as unknown as { __e2eWalletCalls: Record<string, string[]> }).__e2eWalletCalls[id] ?? [],
        id,
      ),
  };
}
