import { type Address, getAddressDecoder, getBase58Decoder, type ReadonlyUint8Array } from '@solana/kit';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { TOKEN_PROGRAM_NAMES, uiTokenAmount } from './token-accounts.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const MEMO_PROGRAMS: ReadonlySet<string> = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

interface Parsed {
  type: string;
  info: Record<string, unknown>;
}

const addressDecoder = getAddressDecoder();
const base58 = getBase58Decoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An instruction in the jsonParsed encoding: `{program, programId, parsed}` for the system, SPL token,
 * associated-token and memo instructions a payment flow uses (with agave's type and field names), otherwise the
 * partially decoded `{programId, accounts, data}` form the RPC uses for programs it cannot parse.
 */
export function parseInstruction(
  programId: Address,
  accounts: readonly Address[],
  data: ReadonlyUint8Array,
  stackHeight: number | null,
): Record<string, unknown> {
  const memo = memoText(programId, data);
  if (memo !== null) return { program: 'spl-memo', programId, parsed: memo, stackHeight };
  try {
    const parsed = parseKnown(programId, accounts, data);
    if (parsed) return { program: parsed.program, programId, parsed: parsed.value, stackHeight };
  } catch {
    // Truncated data or missing accounts: the RPC falls back to the undecoded form as well.
  }
  return { programId, accounts, data: base58.decode(data), stackHeight };
}

/** The memo text of a memo instruction, if it is one. */
export function memoText(programId: Address | undefined, data: ReadonlyUint8Array): string | null {
  if (!programId || !MEMO_PROGRAMS.has(programId)) return null;
  try {
    return strictUtf8.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  } catch {
    return null;
  }
}

function parseKnown(
  programId: Address,
  accounts: readonly Address[],
  data: ReadonlyUint8Array,
): { program: string; value: Parsed } | null {
  const reader = new InstructionReader(accounts, data);
  const tokenProgram = TOKEN_PROGRAM_NAMES.get(programId);
  const value =
    programId === SYSTEM_PROGRAM
      ? parseSystem(reader)
      : programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS
        ? parseAssociatedToken(reader, data)
        : tokenProgram
          ? parseToken(reader, data)
          : null;
  const program = programId === SYSTEM_PROGRAM ? 'system' : (tokenProgram ?? 'spl-associated-token-account');
  return value && { program, value };
}

/** Reads instruction accounts and little-endian fields, throwing when either runs short. */
class InstructionReader {
  private readonly view: DataView;

  constructor(
    private readonly accounts: readonly Address[],
    private readonly data: ReadonlyUint8Array,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  account(index: number): Address {
    const account = this.accounts[index];
    if (!account) throw new RangeError(`missing account ${index}`);
    return account;
  }

  u8(offset: number): number {
    return this.view.getUint8(offset);
  }

  u32(offset: number): number {
    return this.view.getUint32(offset, true);
  }

  u64(offset: number): bigint {
    return this.view.getBigUint64(offset, true);
  }

  address(offset: number): Address {
    if (offset + 32 > this.data.length) throw new RangeError('address out of range');
    return addressDecoder.decode(this.data, offset);
  }

  /** An optional address as token instructions pack it: a 1-byte tag, then the key. */
  optionalAddress(offset: number): Address | null {
    return this.u8(offset) === 1 ? this.address(offset + 1) : null;
  }

  /**
   * A token authority: single signers are reported under `name`; multisig authorities (followed by their
   * signer accounts) under `multisig<Name>` plus `signers`, as agave does.
   */
  authority(name: 'authority' | 'owner' | 'mintAuthority', index: number): Record<string, unknown> {
    const signers = this.accounts.slice(index + 1);
    if (signers.length === 0) return { [name]: this.account(index) };
    const multisigNames = {
      authority: 'multisigAuthority',
      owner: 'multisigOwner',
      mintAuthority: 'multisigMintAuthority',
    };
    return { [multisigNames[name]]: this.account(index), signers };
  }
}

function parseSystem(r: InstructionReader): Parsed | null {
  switch (r.u32(0)) {
    case 0:
      return {
        type: 'createAccount',
        info: {
          source: r.account(0),
          newAccount: r.account(1),
          lamports: r.u64(4),
          space: r.u64(12),
          owner: r.address(20),
        },
      };
    case 1:
      return { type: 'assign', info: { account: r.account(0), owner: r.address(4) } };
    case 2:
      return { type: 'transfer', info: { source: r.account(0), destination: r.account(1), lamports: r.u64(4) } };
    case 8:
      return { type: 'allocate', info: { account: r.account(0), space: r.u64(4) } };
    default:
      return null;
  }
}

function parseAssociatedToken(r: InstructionReader, data: ReadonlyUint8Array): Parsed | null {
  // An empty payload is the original `create`.
  const type = data.length === 0 || data[0] === 0 ? 'create' : data[0] === 1 ? 'createIdempotent' : null;
  if (!type) return null;
  return {
    type,
    info: {
      source: r.account(0),
      account: r.account(1),
      wallet: r.account(2),
      mint: r.account(3),
      systemProgram: r.account(4),
      tokenProgram: r.account(5),
    },
  };
}

function parseToken(r: InstructionReader, data: ReadonlyUint8Array): Parsed | null {
  const checkedAmount = () => uiTokenAmount(r.u64(1), r.u8(9));
  const freezeAuthority = (offset: number) => {
    const authority = r.optionalAddress(offset);
    return authority ? { freezeAuthority: authority } : {};
  };
  switch (data[0]) {
    case 0:
      return {
        type: 'initializeMint',
        info: {
          mint: r.account(0),
          decimals: r.u8(1),
          mintAuthority: r.address(2),
          rentSysvar: r.account(1),
          ...freezeAuthority(34),
        },
      };
    case 1:
      return {
        type: 'initializeAccount',
        info: { account: r.account(0), mint: r.account(1), owner: r.account(2), rentSysvar: r.account(3) },
      };
    case 3:
      return {
        type: 'transfer',
        info: {
          source: r.account(0),
          destination: r.account(1),
          amount: r.u64(1).toString(),
          ...r.authority('authority', 2),
        },
      };
    case 7:
      return {
        type: 'mintTo',
        info: {
          mint: r.account(0),
          account: r.account(1),
          amount: r.u64(1).toString(),
          ...r.authority('mintAuthority', 2),
        },
      };
    case 8:
      return {
        type: 'burn',
        info: {
          account: r.account(0),
          mint: r.account(1),
          amount: r.u64(1).toString(),
          ...r.authority('authority', 2),
        },
      };
    case 9:
      return {
        type: 'closeAccount',
        info: { account: r.account(0), destination: r.account(1), ...r.authority('owner', 2) },
      };
    case 12:
      return {
        type: 'transferChecked',
        info: {
          source: r.account(0),
          mint: r.account(1),
          destination: r.account(2),
          tokenAmount: checkedAmount(),
          ...r.authority('authority', 3),
        },
      };
    case 14:
      return {
        type: 'mintToChecked',
        info: {
          mint: r.account(0),
          account: r.account(1),
          tokenAmount: checkedAmount(),
          ...r.authority('mintAuthority', 2),
        },
      };
    case 15:
      return {
        type: 'burnChecked',
        info: {
          account: r.account(0),
          mint: r.account(1),
          tokenAmount: checkedAmount(),
          ...r.authority('authority', 2),
        },
      };
    case 16:
      return {
        type: 'initializeAccount2',
        info: { account: r.account(0), mint: r.account(1), owner: r.address(1), rentSysvar: r.account(2) },
      };
    case 17:
      return { type: 'syncNative', info: { account: r.account(0) } };
    case 18:
      return { type: 'initializeAccount3', info: { account: r.account(0), mint: r.account(1), owner: r.address(1) } };
    case 20:
      return {
        type: 'initializeMint2',
        info: { mint: r.account(0), decimals: r.u8(1), mintAuthority: r.address(2), ...freezeAuthority(34) },
      };
    case 21:
      return { type: 'getAccountDataSize', info: { mint: r.account(0) } };
    case 22:
      return { type: 'initializeImmutableOwner', info: { account: r.account(0) } };
    default:
      return null;
  }
}
