import { formatAmount, type TTreasuryCoverage, type TTreasuryHolding } from '@aidf/contract';

/**
 * How the operator command prints an amount: as the app and the console show it (one formatter: rounded down to
 * the display decimals, digits grouped), or, with `--exact`, the decimal string the server sent, to the last digit.
 */
export type ShowAmount = (value: string | null | undefined) => string;

/** The option of every command that prints amounts: to the last digit instead of rounded. */
export const EXACT_OPTION = [
  '--exact',
  'amounts to the last digit instead of rounded to the display decimals',
] as const;

export function amountShower(exact: boolean): ShowAmount {
  return (value) => (value === null || value === undefined ? '-' : exact ? value : formatAmount(value));
}

const cell = (value: string, width: number) => value.padEnd(width);
const HEAD = ['chain', 'currency', 'hot', 'cold', 'unswept', 'collection', 'invest', 'total', 'shouldHold'];
const AMOUNT_KEYS = ['hot', 'cold', 'unswept', 'collection', 'invest', 'total', 'shouldHold', 'difference'] as const;

/**
 * The treasury's table, one line per chain and currency, each column as wide as its widest value (exact amounts
 * are long), and ALERT after a line whose chain holds other than its clearing account says.
 */
export function holdingsLines(holdings: readonly TTreasuryHolding[], show: ShowAmount): string[] {
  const head = [...HEAD, 'difference', 'ratio'];
  const rows = holdings.map((h) => [h.chain, h.currency, ...AMOUNT_KEYS.map((k) => show(h[k])), h.ratio ?? '-']);
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (values: readonly string[]) => values.map((v, i) => cell(v, widths[i] ?? 0)).join(' ');
  return [line(head).trimEnd(), ...rows.map((r, i) => `${line(r)}${holdings[i]?.alert ? ' ALERT' : ''}`.trimEnd())];
}

/** Per currency, all chains against what users are owed. */
export function coverageLines(coverage: readonly TTreasuryCoverage[], show: ShowAmount): string[] {
  return coverage.map(
    (c) =>
      `${c.currency}: all chains ${c.holdings === null ? '(not all read)' : show(c.holdings)} against liabilities ` +
      `${c.liabilities === null ? '(no report)' : show(c.liabilities)}` +
      `${c.ratio ? `, ratio ${c.ratio}` : ''}${c.alert ? ' ALERT: below liabilities' : ''}`,
  );
}
