import type { Address } from '@solana/kit';
import { type AccountEncoding, type DataSlice, encodeAccount } from '../encoding.ts';
import { invalidParams } from '../rpc-error.ts';
import type { RpcMethod } from '../rpc-server.ts';
import { decodeMint, decodeTokenAccount, TOKEN_PROGRAM_NAMES, uiTokenAmount } from '../token-accounts.ts';
import type { LocalValidator } from '../validator.ts';
import { addressParam, type Config, configParam, optionParam, querySlot, withContext } from './params.ts';

const ACCOUNT_ENCODINGS: readonly AccountEncoding[] = ['binary', 'base58', 'base64', 'jsonParsed'];
/** agave's MAX_MULTIPLE_ACCOUNTS: the most keys one getMultipleAccounts reads. */
export const MAX_MULTIPLE_ACCOUNTS = 100;

export function accountMethods(validator: LocalValidator): Record<string, RpcMethod> {
  const readerAt = (slot: number) => (address: Address) => validator.account(address, slot);

  /** Which token program to scan, and the mint to keep, for getTokenAccountsByOwner's filter. */
  const tokenFilter = (filter: Config, slot: number): { program: Address; mint?: Address } => {
    if (filter.mint !== undefined) {
      const mint = addressParam([filter.mint], 0);
      const state = validator.account(mint, slot);
      if (!state || !decodeMint(state)) throw invalidParams('Invalid param: could not find mint');
      return { program: state.owner, mint };
    }
    if (filter.programId !== undefined) {
      const program = addressParam([filter.programId], 0);
      if (!TOKEN_PROGRAM_NAMES.has(program)) throw invalidParams('Invalid param: unrecognized Token program id');
      return { program };
    }
    throw invalidParams('Invalid param: expected a mint or programId filter');
  };

  return {
    getBalance: (params) => {
      const address = addressParam(params, 0);
      const slot = querySlot(validator, configParam(params, 1));
      return withContext(slot, validator.account(address, slot)?.lamports ?? 0n);
    },

    getAccountInfo: (params) => {
      const address = addressParam(params, 0);
      const config = configParam(params, 1);
      const slot = querySlot(validator, config);
      const state = validator.account(address, slot);
      const encoding = optionParam(config, 'encoding', ACCOUNT_ENCODINGS, 'binary');
      return withContext(slot, state && encodeAccount(state, encoding, dataSlice(config), readerAt(slot)));
    },

    // As agave: up to 100 keys read at one slot, in order, null for an account that does not exist; base64 unless
    // told otherwise (getAccountInfo's default is the legacy 'binary').
    getMultipleAccounts: (params) => {
      const keys = params[0];
      if (!Array.isArray(keys)) throw invalidParams('Invalid params: expected an array of account keys');
      if (keys.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
      }
      const addresses = keys.map((_, i) => addressParam(keys, i));
      const config = configParam(params, 1);
      const slot = querySlot(validator, config);
      const encoding = optionParam(config, 'encoding', ACCOUNT_ENCODINGS, 'base64');
      return withContext(
        slot,
        addresses.map((address) => {
          const state = validator.account(address, slot);
          return state ? encodeAccount(state, encoding, dataSlice(config), readerAt(slot)) : null;
        }),
      );
    },

    getTokenAccountBalance: (params) => {
      const address = addressParam(params, 0);
      const slot = querySlot(validator, configParam(params, 1));
      const state = validator.account(address, slot);
      if (!state) throw invalidParams('Invalid param: could not find account');
      const token = decodeTokenAccount(state);
      const mint = token && decodeMint(validator.account(token.mint, slot));
      if (!token || !mint) throw invalidParams('Invalid param: not a Token account');
      return withContext(slot, uiTokenAmount(token.amount, mint.decimals));
    },

    getTokenAccountsByOwner: (params) => {
      const owner = addressParam(params, 0);
      const config = configParam(params, 2);
      const slot = querySlot(validator, config);
      const { program, mint } = tokenFilter(configParam(params, 1), slot);
      const encoding = optionParam(config, 'encoding', ACCOUNT_ENCODINGS, 'binary');
      const accounts = validator.programAccounts(program, slot).filter(({ state }) => {
        const token = decodeTokenAccount(state);
        return token?.owner === owner && (mint === undefined || token.mint === mint);
      });
      return withContext(
        slot,
        accounts.map(({ address, state }) => ({
          pubkey: address,
          account: encodeAccount(state, encoding, dataSlice(config), readerAt(slot)),
        })),
      );
    },
  };
}

function dataSlice(config: Config): DataSlice | undefined {
  const slice = config.dataSlice;
  if (slice === undefined || slice === null) return undefined;
  const { offset, length } = slice as Record<string, unknown>;
  if (typeof offset !== 'number' || typeof length !== 'number') {
    throw invalidParams('Invalid param: dataSlice needs numeric offset and length');
  }
  return { offset, length };
}
