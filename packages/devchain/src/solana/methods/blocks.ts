import { renderTransaction } from '../encoding.ts';
import { invalidParams, RpcError, RpcErrorCode } from '../rpc-error.ts';
import type { RpcMethod } from '../rpc-server.ts';
import type { LocalValidator } from '../validator.ts';
import { assertVersionsSupported, configParam, integerParam, optionParam, querySlot, renderOptions } from './params.ts';

const MAX_SLOT_RANGE = 500_000;

export function blockMethods(validator: LocalValidator): Record<string, RpcMethod> {
  return {
    getBlocks: (params) => {
      const start = integerParam(params, 0, 'start slot');
      // The end slot is optional and the config object may take its place.
      const endGiven = typeof params[1] === 'number';
      const end = endGiven ? integerParam(params, 1, 'end slot') : undefined;
      const config = configParam(params, endGiven || params[1] === undefined || params[1] === null ? 2 : 1);
      const visible = querySlot(validator, config, true);
      if ((end ?? visible) - start > MAX_SLOT_RANGE) throw invalidParams(`Slot range too large; max ${MAX_SLOT_RANGE}`);
      const last = Math.min(end ?? visible, visible);
      // The slots of the range that have a block: a skipped slot is left out.
      const slots: number[] = [];
      for (let slot = start; slot <= last; slot++) if (validator.ledger.block(slot)) slots.push(slot);
      return slots;
    },

    getBlock: (params) => {
      const slot = integerParam(params, 0, 'slot');
      const config = configParam(params, 1);
      const visible = slot <= querySlot(validator, config, true);
      if (visible && validator.ledger.skipped(slot)) {
        // agave's wording for a slot that has no block.
        throw new RpcError(
          RpcErrorCode.slotSkipped,
          `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
        );
      }
      const block = visible ? validator.ledger.block(slot) : undefined;
      if (!block) throw new RpcError(RpcErrorCode.blockNotAvailable, `Block not available for slot ${slot}`);
      const details = optionParam(config, 'transactionDetails', ['full', 'accounts', 'signatures', 'none'], 'full');
      const header = {
        blockHeight: block.slot,
        blockTime: block.blockTime,
        blockhash: block.blockhash,
        parentSlot: block.parentSlot,
        previousBlockhash: block.previousBlockhash,
        ...(config.rewards !== false && { rewards: [] }),
      };
      if (details === 'none') return header;
      if (details === 'signatures')
        return { ...header, signatures: block.transactions.map((record) => record.signature) };
      const options = renderOptions(config, details);
      assertVersionsSupported(block.transactions, options);
      return { ...header, transactions: block.transactions.map((record) => renderTransaction(record, options)) };
    },
  };
}
