import { ed25519 } from '@noble/curves/ed25519.js';
import type { Page } from '@playwright/test';
import { base58 } from '@scure/base';
import { createWalletClient, defineChain, type Hex, http } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

/** The dev chain as viem sees it: BNB Smart Chain's id at the dev RPC URL. */
export const devBsc = (rpcUrl: string) =>
  defineChain({
    id: 56,
    name: 'BNB Smart Chain (dev)',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

/**
 * Test wallets injected into the page. The page-side providers follow EIP-1193 and Phantom's API; every
 * signature is made here in Node with a real key (secp256k1 or ed25519), so the server verifies real ones.
 */
export interface InjectedEvmWallet {
  address: () => string;
  /** Switches the wallet to another account (a new one unless `privateKey` is given) and tells the page. */
  switchAccount: (privateKey?: `0x${string}`) => Promise<string>;
  calls: () => Promise<string[]>;
  listenerCount: (event: string) => Promise<number>;
}

export async function injectEvmWallet(
  page: Page,
  options: {
    chainId?: string;
    knowsBsc?: boolean;
    privateKey?: `0x${string}`;
    /** The dev chain's RPC: reads go there and eth_sendTransaction is signed with the key and sent there. */
    rpcUrl?: string;
  } = {},
) {
  let account: PrivateKeyAccount = privateKeyToAccount(options.privateKey ?? generatePrivateKey());
  await page.exposeFunction('__e2eEvmAddress', () => account.address);
  await page.exposeFunction('__e2eEvmSign', (hexMessage: string) =>
    account.signMessage({ message: { raw: hexMessage as Hex } }),
  );
  await page.exposeFunction('__e2eEvmRpc', async (method: string, params: unknown[]) => {
    if (!options.rpcUrl) return { error: { code: 4200, message: `unsupported method ${method}` } };
    if (method === 'eth_sendTransaction') {
      const tx = params[0] as { to: `0x${string}`; data?: Hex; value?: Hex };
      const wallet = createWalletClient({ account, chain: devBsc(options.rpcUrl), transport: http(options.rpcUrl) });
      const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n });
      return { result: hash };
    }
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  });
  await page.addInitScript(
    ({ startChainId, knowsBsc }) => {
      const w = window as unknown as Record<string, unknown>;
      const listeners: Record<string, ((arg: unknown) => void)[]> = {};
      const calls: string[] = [];
      let chainId = startChainId;
      let known = knowsBsc;
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
      w.ethereum = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          calls.push(method);
          const address = await (w.__e2eEvmAddress as () => Promise<string>)();
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return chainId;
            case 'wallet_switchEthereumChain':
              if (!known) throw fail(4902, 'Unrecognized chain ID');
              chainId = (params?.[0] as { chainId?: string } | undefined)?.chainId ?? chainId;
              return null;
            case 'wallet_addEthereumChain':
              known = true;
              chainId = (params?.[0] as { chainId?: string } | undefined)?.chainId ?? chainId;
              return null;
            case 'personal_sign':
              return (w.__e2eEvmSign as (m: string) => Promise<string>)(params?.[0] as string);
            default: {
              // Chain reads and sends go to the dev chain, as a real wallet forwards them to its RPC.
              const rpc = w.__e2eEvmRpc as (
                m: string,
                p: unknown[],
              ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
              const answer = await rpc(method, params ?? []);
              if (answer.error) throw fail(answer.error.code, answer.error.message);
              return answer.result;
            }
          }
        },
        on(event: string, listener: (arg: unknown) => void) {
          listeners[event] ??= [];
          listeners[event].push(listener);
        },
        removeListener(event: string, listener: (arg: unknown) => void) {
          listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
        },
      };
      w.__e2eEvmEmit = (event: string, arg: unknown) => {
        for (const l of listeners[event] ?? []) l(arg);
      };
      w.__e2eEvmCalls = () => calls;
      w.__e2eEvmListeners = (event: string) => (listeners[event] ?? []).length;
    },
    { startChainId: options.chainId ?? '0x1', knowsBsc: options.knowsBsc ?? false },
  );
  const wallet: InjectedEvmWallet = {
    address: () => account.address,
    async switchAccount(privateKey) {
      account = privateKeyToAccount(privateKey ?? generatePrivateKey());
      await page.evaluate(
        (a) =>
          (window as unknown as { __e2eEvmEmit: (e: string, x: unknown) => void }).__e2eEvmEmit('accountsChanged', [a]),
        account.address,
      );
      return account.address;
    },
    calls: () => page.evaluate(() => (window as unknown as { __e2eEvmCalls: () => string[] }).__e2eEvmCalls()),
    listenerCount: (event) =>
      page.evaluate(
        (e) => (window as unknown as { __e2eEvmListeners: (e: string) => number }).__e2eEvmListeners(e),
        event,
      ),
  };
  return wallet;
}

export async function injectSolanaWallet(page: Page) {
  const secret = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secret));
  await page.exposeFunction('__e2eSolAddress', () => address);
  await page.exposeFunction('__e2eSolSign', (bytes: number[]) =>
    Array.from(ed25519.sign(Uint8Array.from(bytes), secret)),
  );
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const provider: Record<string, unknown> = {
      isPhantom: true,
      publicKey: null,
      async connect() {
        const key = await (w.__e2eSolAddress as () => Promise<string>)();
        provider.publicKey = { toString: () => key };
        return { publicKey: provider.publicKey };
      },
      async signMessage(message: Uint8Array) {
        const signature = await (w.__e2eSolSign as (b: number[]) => Promise<number[]>)(Array.from(message));
        return { signature: Uint8Array.from(signature) };
      },
      on() {},
      removeListener() {},
    };
    w.phantom = { solana: provider };
  });
  return { address };
}

/** Opens the chain picker, signs in with the injected wallet of `chain`, and answers the new username. */
export async function signInWithWallet(page: Page, chain: 'bsc' | 'solana'): Promise<string> {
  await page.getByTestId('connect-wallet').click();
  await page.getByTestId(chain === 'bsc' ? 'pick-bsc' : 'pick-solana').click();
  await page.getByTestId('header-address').waitFor();
  return (await page.getByTestId('header-user').textContent()) ?? '';
}

/** A Solana wallet that registers itself through the wallet-standard protocol (no `window.phantom`). */
export async function injectStandardSolanaWallet(page: Page) {
  const secret = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secret));
  const publicKey = Array.from(ed25519.getPublicKey(secret));
  await page.exposeFunction('__e2eStdSign', (bytes: number[]) =>
    Array.from(ed25519.sign(Uint8Array.from(bytes), secret)),
  );
  await page.addInitScript(
    ({ address, publicKey }) => {
      const w = window as unknown as Record<string, unknown>;
      const account = {
        address,
        publicKey: Uint8Array.from(publicKey),
        chains: ['solana:mainnet'],
        features: ['solana:signMessage'],
      };
      const wallet = {
        version: '1.0.0',
        name: 'E2E Standard Wallet',
        icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
        chains: ['solana:mainnet'],
        accounts: [] as (typeof account)[],
        features: {
          'standard:connect': {
            version: '1.0.0',
            connect: async () => {
              wallet.accounts = [account];
              return { accounts: wallet.accounts };
            },
          },
          'standard:events': { version: '1.0.0', on: () => () => {} },
          'solana:signMessage': {
            version: '1.0.0',
            signMessage: async ({ message }: { message: Uint8Array }) => {
              const signature = await (w.__e2eStdSign as (b: number[]) => Promise<number[]>)(Array.from(message));
              return [{ signedMessage: message, signature: Uint8Array.from(signature) }];
            },
          },
        },
      };
      const callback = ({ register }: { register: (x: unknown) => void }) => register(wallet);
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
      window.addEventListener('wallet-standard:app-ready', (event) =>
        callback((event as CustomEvent<{ register: (x: unknown) => void }>).detail),
      );
    },
    { address, publicKey },
  );
  return { address };
}
