import { CURRENCIES, formatAmount, languageInfo } from '@aidf/contract';

/**
 * One Intl.DateTimeFormat per language and style, made on first use: making one costs far more than formatting with
 * it (a list of ten dated rows made ten, the longest part of the home screen's render on a slow phone).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(`${languageInfo(language).htmlLang}-u-nu-latn`, options);
    dateFormats.set(key, format);
  }
  return format;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** A date in the interface language with Latin digits (STYLE.md item 10). */
export function formatDate(ms: number, language: string): string {
  return dateFormat(language, 'date', { dateStyle: 'medium' }).format(ms);
}

/** A date and time in the interface language with Latin digits and a four-digit year. */
export function formatDateTime(ms: number, language: string, options: { seconds?: boolean } = {}): string {
  return options.seconds
    ? dateFormat(language, 'date-time-seconds', { ...DATE_TIME, second: '2-digit' }).format(ms)
    : dateFormat(language, 'date-time', DATE_TIME).format(ms);
}

/** The time of day only, for rows already grouped under their date. */
export function formatTime(ms: number, language: string): string {
  return dateFormat(language, 'time', { timeStyle: 'short' }).format(ms);
}

/** The calendar day of a moment in the user's time zone, as a key to group rows by (YYYY-MM-DD). */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const LRI = '\u2066';
const PDI = '\u2069';

/**
 * An amount with its unit inside a translated sentence: the rule of the Amount component (number, then unit, in
 * one left-to-right isolate) as text, for i18n placeholders that cannot hold an element.
 */
export function amountText(amount: string, currency: string, decimals?: number, sign: '+' | '' = ''): string {
  return `${LRI}${sign}${formatAmount(amount, decimals)} ${currency.toUpperCase()}${PDI}`;
}

/** "7,100 / 10,000 AIDF" as one left-to-right isolate: progress towards a target, in one unit. */
export function amountOfText(done: string, target: string, currency: string): string {
  return `${LRI}${formatAmount(done)} / ${formatAmount(target)} ${currency.toUpperCase()}${PDI}`;
}

/**
 * Items joined the way the interface language joins a list ("AIDF, COW, and BNB", "AIDF、COW和BNB",
 * "AIDF وCOW وBNB"), each a left-to-right isolate, so in Arabic the list reads right to left with its own
 * separators instead of one Latin run with Latin commas.
 */
export function listText(items: readonly string[], language: string): string {
  return new Intl.ListFormat(languageInfo(language).htmlLang, { type: 'conjunction' }).format(
    items.map((item) => `${LRI}${item}${PDI}`),
  );
}

const UNITS = CURRENCIES.map((c) => c.toUpperCase()).join('|');
/** A number and the currency after it: "100 AIDF", "1,234.5&nbsp;USDT". */
const AMOUNT_WITH_UNIT = new RegExp(`\\d[\\d,.]*(?:\\s|&nbsp;)+(?:${UNITS})\\b`, 'g');

/**
 * Announcement HTML with every amount and its unit made one left-to-right isolate (only in the text between
 * tags), so "100 AIDF · 90 يومًا" keeps its order in an Arabic paragraph rather than joining the number that follows.
 */
export function isolateAmounts(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(AMOUNT_WITH_UNIT, (m) => `${LRI}${m}${PDI}`)))
    .join('');
}

/**
 * The start of a text a person typed, at most `max` characters (whole code points, cut at a space where one is
 * near), with "…" after it when cut. A summary is shortened here rather than clamped by CSS: Chromium's line clamp
 * puts its ellipsis on the paragraph's side of a line, so in a right-to-left summary it covered the start of an
 * English run ("…der 12 has not arrived").
 */
export function shortText(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

/**
 * A rate as a percent, by moving the decimal point two places ('0.07' → '7', '0.0125' → '1.25'): a float would
 * show 0.07 × 100 as 7.000000000000001.
 */
export function percentText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const padded = fraction.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}

/**
 * A percent already worked out by the server ('198708.39') grouped the interface language's way with Latin digits
 * ('198,708.39'; French '198 708,39'): every digit it was given is kept, none rounded and none added. The string
 * goes to Intl as it is, so no float is in between.
 */
export function percentNumber(percent: string, language: string): string {
  const digits = percent.split('.')[1]?.length ?? 0;
  const format = new Intl.NumberFormat(`${languageInfo(language).htmlLang}-u-nu-latn`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(percent as Intl.StringNumericLiteral);
}
