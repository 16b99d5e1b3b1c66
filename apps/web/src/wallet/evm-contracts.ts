import { type ContractCalls, WalletError } from './types.ts';

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

// Function selectors (the first 4 bytes of keccak256 of the signature), encoded by hand like evm-transfers.ts.
const ERC20_ALLOWANCE = '0xdd62ed3e'; // allowance(address,address)
const ERC20_APPROVE = '0x095ea7b3'; // approve(address,uint256)
const INVEST = '0x2afcf480'; // invest(uint256) of AidfInvest.sol
const MAX_UINT256 = (1n << 256n) - 1n;
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

/** The invest contract's calls through the wallet (SPEC.md point 7: a token approve of the maximum, then invest). */
export function evmContractCalls(provider: Eip1193): ContractCalls {
  const rpc = (method: string, params: unknown[]) => provider.request({ method, params });
  async function send(tx: { from: string; to: string; data: string }) {
    try {
      return (await rpc('eth_sendTransaction', [tx])) as string;
    } catch (error) {
      throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'transferFailed');
    }
  }
  return {
    async allowance(owner, token, spender) {
      const raw = await rpc('eth_call', [
        { to: token, data: `${ERC20_ALLOWANCE}${word(owner)}${word(spender)}` },
        'latest',
      ]);
      return BigInt((raw as string) === '0x' ? 0 : (raw as string));
    },
    approveMax: (from, token, spender) =>
      send({ from, to: token, data: `${ERC20_APPROVE}${word(spender)}${word(MAX_UINT256.toString(16))}` }),
    invest: (from, contract, units) => send({ from, to: contract, data: `${INVEST}${word(units.toString(16))}` }),
  };
}
