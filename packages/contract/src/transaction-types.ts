/**
 * The transaction-type registry: every transaction type of SPEC.md point 3 and ours, with what the server, the
 * app and the console need to know about it. A new type is one entry here plus its label in the app's locale
 * files (`txType.<raw>`, which the console reads too); every list below follows from the entries.
 */
export interface TransactionTypeEntry {
  /** The i18n key of its label, always `txType.<raw>`: the app's locale files hold it, the console reads them. */
  labelKey: `txType.${string}`;
  /** Which way it moves the user's balance: `both` where one type books money out and back (an order's release). */
  side: 'in' | 'out' | 'both';
  /** Shown on the income details screen (`/incomeDetail`) and counted as income. */
  income: boolean;
  /** A team bonus: paid up the line by a purchase, summed by type on the team screen. */
  teamBonus: boolean;
  /** The other side of the movement is a user, named on the statement line (a transfer). */
  counterpartyUser: boolean;
  /** The platform's own: no user's line ever carries it, so no user's statement filter offers it. */
  platformOnly: boolean;
}

type TSide = TransactionTypeEntry['side'];
type TFlag = 'income' | 'teamBonus' | 'counterpartyUser' | 'platformOnly';
/** An entry's type keeps its flags as literals, so the lists below are typed as the types they hold. */
type TEntryOf<S extends TSide, F extends Partial<Record<TFlag, true>>> = { readonly side: S } & {
  readonly [K in TFlag]: F extends Record<K, true> ? true : false;
};

function entry<const S extends TSide, const F extends Partial<Record<TFlag, true>> = Record<never, true>>(
  side: S,
  flags?: F,
): TEntryOf<S, F> {
  return {
    side,
    income: flags?.income ?? false,
    teamBonus: flags?.teamBonus ?? false,
    counterpartyUser: flags?.counterpartyUser ?? false,
    platformOnly: flags?.platformOnly ?? false,
  } as TEntryOf<S, F>;
}

const ENTRIES = {
  'cow-fund-release': entry('in'),
  'cow-fund-buy': entry('out'),
  'cow-fund-settlement': entry('in', { income: true }),
  // An operator's credit ("admin recharge").
  'merchant-system-transfer': entry('in'),
  'user-transfer-out': entry('out', { counterpartyUser: true }),
  'user-transfer-in': entry('in', { counterpartyUser: true }),
  // Paying an order, and what a cancelled or expired order gives back.
  'cow-ai-maching-buy': entry('both'),
  'cow-push-income': entry('in', { income: true, teamBonus: true }),
  'cow-point-income': entry('in', { income: true }),
  'cow-sns-level-income': entry('in', { income: true, teamBonus: true }),
  'cow-sns-same-level-income': entry('in', { income: true, teamBonus: true }),
  'cow-income-fee': entry('out'),
  'cow-ai-machine-auto-mint': entry('in'),
  'cow-ai-machine-mint-income': entry('in', { income: true }),
  // A swap: one currency out, another in.
  'eow-swap': entry('both'),
  // Ours (SPEC.md names no labels for them): on-chain recharge and withdrawal, and a failed payout's refund.
  'chain-recharge': entry('in'),
  'chain-withdraw': entry('out'),
  'chain-withdraw-refund': entry('in'),
  // Ours: AIDF invested through the invest contract (RULES.md "Pledge"), credited after its confirmations.
  'chain-invest': entry('in'),
  // Ours, the platform's own (no user's line): gas the treasury burns on a chain (payouts, gas top-ups, sweeps),
  // and what the platform itself puts on a chain (the hot wallet's gas money), each against the chain's clearing
  // account so that it says what the chain holds.
  'chain-fee': entry('out', { platformOnly: true }),
  'treasury-funding': entry('in', { platformOnly: true }),
} satisfies Record<string, Omit<TransactionTypeEntry, 'labelKey'>>;

export type TTransactionType = keyof typeof ENTRIES;

/** One entry per transaction type, each with its label key. */
export const TRANSACTION_TYPE_REGISTRY = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, e]) => [type, { labelKey: `txType.${type}`, ...e }]),
) as { readonly [T in TTransactionType]: (typeof ENTRIES)[T] & { readonly labelKey: `txType.${T}` } };

/** Every transaction type, in the registry's order (the order of the type filter). */
export const TRANSACTION_TYPES = Object.keys(ENTRIES) as TTransactionType[];

type TypesWhere<K extends TFlag> = {
  [T in TTransactionType]: (typeof ENTRIES)[T][K] extends true ? T : never;
}[TTransactionType];

function typesWhere<K extends TFlag>(flag: K): TypesWhere<K>[] {
  return TRANSACTION_TYPES.filter((type) => TRANSACTION_TYPE_REGISTRY[type][flag]) as TypesWhere<K>[];
}

/** The types shown on the income details screen. */
export const INCOME_TRANSACTION_TYPES: readonly TIncomeTransactionType[] = typesWhere('income');
export type TIncomeTransactionType = TypesWhere<'income'>;

/** The team bonuses (direct, level, peer), in the order the team screen lists them. */
export const TEAM_BONUS_TYPES: readonly TTeamBonusType[] = typesWhere('teamBonus');
export type TTeamBonusType = TypesWhere<'teamBonus'>;

/** The types whose other side is a user (a transfer): the statement names that user, the ticket lists them. */
export const COUNTERPARTY_TRANSACTION_TYPES: readonly TCounterpartyTransactionType[] = typesWhere('counterpartyUser');
export type TCounterpartyTransactionType = TypesWhere<'counterpartyUser'>;

/** The types a user's statement can hold, in the registry's order (the statement's type filter). */
export const USER_TRANSACTION_TYPES: readonly TTransactionType[] = TRANSACTION_TYPES.filter(
  (type) => !TRANSACTION_TYPE_REGISTRY[type].platformOnly,
);

export function isTransactionType(raw: string): raw is TTransactionType {
  return Object.hasOwn(TRANSACTION_TYPE_REGISTRY, raw);
}

/** The i18n key of a type's label; a type this build does not know reads "Other". */
export function transactionTypeKey(raw: string): `txType.${TTransactionType | 'unknown'}` {
  return isTransactionType(raw) ? TRANSACTION_TYPE_REGISTRY[raw].labelKey : 'txType.unknown';
}
