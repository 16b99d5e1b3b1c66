import type { RpcMethod } from '../rpc-server.ts';
import type { LocalValidator } from '../validator.ts';
import { configParam, integerParam, querySlot, SOLANA_CORE_VERSION, stringParam, withContext } from './params.ts';

/** Reported by getVersion; clients only display it. */
const FEATURE_SET = 0;

export function clusterMethods(validator: LocalValidator): Record<string, RpcMethod> {
  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }),
    getGenesisHash: () => validator.blockhashAt(0).blockhash,
    getSlot: (params) => querySlot(validator, configParam(params, 0)),
    // The block height is taken as the slot, as blockhashAt does (skipped slots would make it lower).
    getBlockHeight: (params) => querySlot(validator, configParam(params, 0)),
    getLatestBlockhash: (params) => {
      const slot = querySlot(validator, configParam(params, 0));
      return withContext(slot, validator.blockhashAt(slot));
    },
    isBlockhashValid: (params) => {
      const blockhash = stringParam(params, 0, 'blockhash');
      const slot = querySlot(validator, configParam(params, 1));
      return withContext(slot, validator.isBlockhashValid(blockhash, slot));
    },
    getMinimumBalanceForRentExemption: (params) => validator.rentExemptMinimum(integerParam(params, 0, 'data length')),
  };
}
