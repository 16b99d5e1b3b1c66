import { z } from 'zod';
import { AMOUNT_TEXT } from './amount-format.ts';
import { MAX_PAGE_SIZE, SUCCESS_CODE } from './constants.ts';
import { CHAIN_CURRENCIES, CURRENCIES, SUBMODES } from './currencies.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { safeString } from './safe-string.ts';

// Zod lives only in schema modules, so the web app can import the plain data without it.
export const ZCurrency = z.enum(CURRENCIES);
export const ZSubmode = z.enum([SUBMODES.normal, SUBMODES.frozen]);
export const ZChainCurrency = z.enum(CHAIN_CURRENCIES);
export const ZLanguage = z.enum(LANGUAGE_CODES);

/** An exact non-negative decimal on the wire: up to 18 fractional digits, never a float. */
export const ZDecimalString = safeString().regex(AMOUNT_TEXT, 'must be a decimal number with at most 18 decimals');

/** The largest id: ids are PostgreSQL bigint, a signed 64-bit integer. */
export const MAX_ID = 9_223_372_036_854_775_807n;

/** Whether `text` is an id as the API writes it: 1 to 19 digits, no leading zero, at most MAX_ID. */
export function isIdText(text: unknown): text is string {
  return typeof text === 'string' && /^[1-9]\d{0,18}$/.test(text) && BigInt(text) <= MAX_ID;
}

/**
 * Ids travel as strings of digits (ARCHITECTURE.md: money and ids are strings in JSON); one beyond bigint
 * is refused here (400, code 1225) instead of failing in the database.
 */
export const ZIdString = safeString().refine(isIdText, 'must be a positive integer id of at most 2^63-1');

/** Free text of `min` to `max` characters, without NUL or lone surrogates (safeString). */
export const ZText = (max: number, min = 1) => safeString().min(min).max(max);

/** A path segment holding a positive integer. */
const positiveIntParam = (max: number) =>
  safeString()
    .regex(/^[1-9]\d{0,8}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const ZPageParams = z.object({
  pageNum: positiveIntParam(1_000_000),
  pageSize: positiveIntParam(MAX_PAGE_SIZE),
});

/** Epoch milliseconds. */
export const ZTimeMs = z.number().int().nonnegative();

/**
 * The latest moment a request may name: the end of year 9999, the last day a YYYY-MM-DD can write. Every time
 * a request carries lies in [1970-01-01, this]: a JavaScript Date holds it (it ends at 8.64e15 ms, so 9e15
 * made `new Date()` invalid) and so does PostgreSQL's timestamptz.
 */
export const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Epoch milliseconds sent as a JSON number, within [0, MAX_TIME_MS]. */
export const ZTimeInput = z
  .number()
  .int()
  .min(0, 'must be epoch milliseconds from 1970')
  .max(MAX_TIME_MS, 'must be epoch milliseconds before the year 10000');

/** Epoch milliseconds sent by a client, as a JSON number or a string of digits, within [0, MAX_TIME_MS]. */
export const ZTimestampInput = z
  .union([z.number(), safeString().regex(/^\d{1,16}$/, 'must be epoch milliseconds')])
  .transform(Number)
  .pipe(ZTimeInput);

export const ZEmpty = z.null();

/** `{ code, msg, data }`: every answer of the API (ARCHITECTURE.md "API conventions"). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), msg: z.string(), data });
}

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.union([z.null(), z.object({ requestId: z.string() })]),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** `{ list, total }` with pageNum counted from 1. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}
