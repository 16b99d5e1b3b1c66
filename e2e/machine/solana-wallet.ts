import { ed25519 } from '@noble/curves/ed25519.js';
import type { Page } from '@playwright/test';
import { base58 } from '@scure/base';

/**
 * A Phantom-style Solana wallet that also signs transactions (support/wallets.ts's signs only messages): the
 * page hands it an object with serialize() (web3.js's shape), it signs the message with a real ed25519 key in
 * Node and answers the signed wire transaction the same way; the app sends it through its RPC.
 */
export async function injectPayingSolanaWallet(page: Page) {
  const secret = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secret));
  await page.exposeFunction('__e2ePaySolAddress', () => address);
  await page.exposeFunction('__e2ePaySolSign', (bytes: number[]) =>
    Array.from(ed25519.sign(Uint8Array.from(bytes), secret)),
  );
  await page.exposeFunction('__e2ePaySolSignTx', (wire: number[]) => {
    // One signer: a one-byte signature count, its 64-byte slot, then the message it signs.
    const signed = Uint8Array.from(wire);
    if (signed[0] !== 1) throw new Error('expected one signature slot');
    signed.set(ed25519.sign(signed.slice(65), secret), 1);
    return Array.from(signed);
  });
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const call = <T>(name: string, ...args: unknown[]) => (w[name] as (...a: unknown[]) => Promise<T>)(...args);
    const provider: Record<string, unknown> = {
      isPhantom: true,
      publicKey: null,
      async connect() {
        const key = await call<string>('__e2ePaySolAddress');
        provider.publicKey = { toString: () => key };
        return { publicKey: provider.publicKey };
      },
      async signMessage(message: Uint8Array) {
        return { signature: Uint8Array.from(await call<number[]>('__e2ePaySolSign', Array.from(message))) };
      },
      async signTransaction(transaction: { serialize(): Uint8Array }) {
        const signed = Uint8Array.from(await call<number[]>('__e2ePaySolSignTx', Array.from(transaction.serialize())));
        return { serialize: () => signed };
      },
      on() {},
      removeListener() {},
    };
    w.phantom = { solana: provider };
  });
  return { address };
}
