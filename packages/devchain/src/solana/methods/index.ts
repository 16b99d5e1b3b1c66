import type { RpcMethod } from '../rpc-server.ts';
import type { LocalValidator } from '../validator.ts';
import { accountMethods } from './accounts.ts';
import { blockMethods } from './blocks.ts';
import { clusterMethods } from './cluster.ts';
import { transactionMethods } from './transactions.ts';

/** The JSON-RPC methods the dev chain answers; anything else is "Method not found". */
export function createMethods(validator: LocalValidator): Record<string, RpcMethod> {
  return {
    ...clusterMethods(validator),
    ...accountMethods(validator),
    ...transactionMethods(validator),
    ...blockMethods(validator),
  };
}
