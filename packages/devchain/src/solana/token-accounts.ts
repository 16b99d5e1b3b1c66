import { type Address, unwrapOption } from '@solana/kit';
import {
  getMintDecoder,
  getTokenDecoder,
  type Mint,
  TOKEN_PROGRAM_ADDRESS,
  type Token,
  AccountState as TokenAccountState,
} from '@solana-program/token';
import type { AccountState } from './account-history.ts';

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
/** The program names the RPC's jsonParsed encoding reports. */
export const TOKEN_PROGRAM_NAMES: ReadonlyMap<Address, string> = new Map([
  [TOKEN_PROGRAM_ADDRESS, 'spl-token'],
  [TOKEN_2022_PROGRAM_ADDRESS, 'spl-token-2022'],
]);

const TOKEN_ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
// Token-2022 accounts with extensions are longer; the byte after the base account layout says which kind they are.
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

const tokenDecoder = getTokenDecoder();
const mintDecoder = getMintDecoder();

function tokenKind(state: AccountState): 'account' | 'mint' | null {
  if (!TOKEN_PROGRAM_NAMES.has(state.owner)) return null;
  if (state.data.length === TOKEN_ACCOUNT_SIZE) return 'account';
  if (state.data.length === MINT_SIZE) return 'mint';
  if (state.owner !== TOKEN_2022_PROGRAM_ADDRESS || state.data.length < TOKEN_ACCOUNT_SIZE) return null;
  const accountType = state.data[TOKEN_ACCOUNT_SIZE];
  return accountType === ACCOUNT_TYPE_ACCOUNT ? 'account' : accountType === ACCOUNT_TYPE_MINT ? 'mint' : null;
}

export function decodeTokenAccount(state: AccountState | null): Token | null {
  if (!state || tokenKind(state) !== 'account') return null;
  const token = tokenDecoder.decode(state.data);
  return token.state === TokenAccountState.Uninitialized ? null : token;
}

export function decodeMint(state: AccountState | null): Mint | null {
  if (!state || tokenKind(state) !== 'mint') return null;
  const mint = mintDecoder.decode(state.data);
  return mint.isInitialized ? mint : null;
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number;
  uiAmountString: string;
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = formatUnits(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** `amount` in whole units without trailing zeros, e.g. 10_500_000 with 6 decimals is "10.5". */
export function formatUnits(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The inverse of formatUnits for non-negative decimal strings such as "2" or "0.5". */
export function parseUnits(value: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  const fraction = match?.[2] ?? '';
  if (!match?.[1] || fraction.length > decimals) {
    throw new Error(`"${value}" is not a decimal amount with at most ${decimals} decimals`);
  }
  return BigInt(match[1] + fraction.padEnd(decimals, '0'));
}

const STATE_NAMES: Record<TokenAccountState, string> = {
  [TokenAccountState.Uninitialized]: 'uninitialized',
  [TokenAccountState.Initialized]: 'initialized',
  [TokenAccountState.Frozen]: 'frozen',
};

/** `parsed.info` of a token account in the jsonParsed encoding. */
export function tokenAccountInfo(token: Token, decimals: number): Record<string, unknown> {
  const delegate = unwrapOption(token.delegate);
  const rentExemptReserve = unwrapOption(token.isNative);
  const closeAuthority = unwrapOption(token.closeAuthority);
  return {
    isNative: rentExemptReserve !== null,
    mint: token.mint,
    owner: token.owner,
    state: STATE_NAMES[token.state],
    tokenAmount: uiTokenAmount(token.amount, decimals),
    ...(delegate && { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }),
    ...(rentExemptReserve !== null && { rentExemptReserve: uiTokenAmount(rentExemptReserve, decimals) }),
    ...(closeAuthority && { closeAuthority }),
  };
}

/** `parsed.info` of a mint in the jsonParsed encoding. */
export function mintInfo(mint: Mint): Record<string, unknown> {
  return {
    decimals: mint.decimals,
    freezeAuthority: unwrapOption(mint.freezeAuthority),
    isInitialized: mint.isInitialized,
    mintAuthority: unwrapOption(mint.mintAuthority),
    supply: mint.supply.toString(),
  };
}

export interface TokenBalance {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  uiTokenAmount: UiTokenAmount;
}

/** The `preTokenBalances`/`postTokenBalances` entries for the token accounts among a transaction's keys. */
export function tokenBalances(
  states: readonly (AccountState | null)[],
  decimalsOf: (mint: Address) => number | undefined,
): TokenBalance[] {
  const balances: TokenBalance[] = [];
  states.forEach((state, accountIndex) => {
    const token = decodeTokenAccount(state);
    const decimals = token && decimalsOf(token.mint);
    if (!state || !token || decimals === undefined || decimals === null) return;
    balances.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: state.owner,
      uiTokenAmount: uiTokenAmount(token.amount, decimals),
    });
  });
  return balances;
}
