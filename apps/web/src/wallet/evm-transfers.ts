import { fromBaseUnits, toBaseUnits } from '@aidf/contract';
import { type OnChainTransfer, WalletError, type WalletTransfers } from './types.ts';

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

const ERC20_BALANCE_OF = '0x70a08231';
const ERC20_TRANSFER = '0xa9059cbb';
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

/** The call an ERC-20 transfer (or a native send) makes, encoded by hand: two ABI words need no library. */
function transferCall(from: string, t: OnChainTransfer) {
  const units = toBaseUnits(t.amount, t.token.decimals);
  if (t.token.contract === null) return { from, to: t.to, value: `0x${units.toString(16)}` };
  return { from, to: t.token.contract, data: `${ERC20_TRANSFER}${word(t.to)}${word(units.toString(16))}` };
}

/** Reads and transfers on BNB Smart Chain through the wallet's own RPC (EIP-1193), as MetaMask does. */
export function evmTransfers(provider: Eip1193): WalletTransfers {
  const rpc = (method: string, params: unknown[]) => provider.request({ method, params });
  return {
    async balanceOf(address, token) {
      const raw =
        token.contract === null
          ? await rpc('eth_getBalance', [address, 'latest'])
          : await rpc('eth_call', [{ to: token.contract, data: `${ERC20_BALANCE_OF}${word(address)}` }, 'latest']);
      return fromBaseUnits(BigInt((raw as string) === '0x' ? 0 : (raw as string)), token.decimals);
    },
    async transferFee(from, transfer) {
      const call = transferCall(from, transfer);
      const [gas, gasPrice, native] = await Promise.all([
        rpc('eth_estimateGas', [call]).catch(() => '0x0'),
        rpc('eth_gasPrice', []),
        rpc('eth_getBalance', [from, 'latest']),
      ]);
      return {
        fee: fromBaseUnits(BigInt(gas as string) * BigInt(gasPrice as string), 18),
        nativeBalance: fromBaseUnits(BigInt(native as string), 18),
      };
    },
    async sendTransfer(from, transfer) {
      try {
        return (await rpc('eth_sendTransaction', [transferCall(from, transfer)])) as string;
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'transferFailed');
      }
    },
    async transferStatus(txId) {
      const receipt = (await rpc('eth_getTransactionReceipt', [txId])) as {
        status?: string;
        blockNumber?: string;
      } | null;
      if (!receipt?.blockNumber) return null;
      return { ok: receipt.status === '0x1', block: Number(BigInt(receipt.blockNumber)) };
    },
  };
}
