import type { Address } from '@solana/kit';
import type { DecodedTransaction } from './wire-transaction.ts';

const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** Without an explicit limit the runtime reserves this much per instruction (builtins far less). */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION = 3_000;
const BUILTIN_PROGRAMS: ReadonlySet<Address> = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
] as Address[]);

/**
 * The fee litesvm charges, which it does not report: 5000 lamports per signature plus the priority fee
 * (compute-unit price × compute-unit limit, rounded up), as agave computes it.
 */
export function transactionFee(transaction: DecodedTransaction): bigint {
  let unitLimit: number | undefined;
  let microLamportsPerUnit = 0n;
  let defaultUnits = 0;
  for (const instruction of transaction.instructions) {
    const program = transaction.accountKeys[instruction.programIdIndex];
    const data = instruction.data;
    if (program === COMPUTE_BUDGET_PROGRAM) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) unitLimit = view.getUint32(1, true);
      if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
    }
    defaultUnits +=
      program && BUILTIN_PROGRAMS.has(program) ? DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION : DEFAULT_UNITS_PER_INSTRUCTION;
  }
  const units = BigInt(Math.min(unitLimit ?? defaultUnits, MAX_COMPUTE_UNIT_LIMIT));
  const priorityFee = (microLamportsPerUnit * units + 999_999n) / 1_000_000n;
  return BigInt(transaction.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priorityFee;
}
