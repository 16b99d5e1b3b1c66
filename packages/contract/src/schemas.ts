import { z } from 'zod';
import { AMOUNT_TEXT } from './amount-format.ts';
import { MAX_PAGE_SIZE, SUCCESS_CODE } from './constants.ts';
import { CHAIN_CURRENCIES, CHAIN_NAMES, CURRENCIES, SUBMODES } from './currencies.ts';
import { LANGUAGE_CODES } from './languages.ts';

// Zod lives only in schema modules, so the web app can import the plain data without it.
export const ZCurrency = z.enum(CURRENCIES);
export const ZSubmode = z.enum([SUBMODES.normal, SUBMODES.frozen]);
export const ZChainName = z.enum(CHAIN_NAMES);
export const ZChainCurrency = z.enum(CHAIN_CURRENCIES);
export const ZLanguage = z.enum(LANGUAGE_CODES);

/** An exact non-negative decimal on the wire: up to 18 fractional digits, never a float. */
export const ZDecimalString = z.string().regex(AMOUNT_TEXT, 'must be a decimal number with at most 18 decimals');

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
export const ZIdString = z.string().refine(isIdText, 'must be a positive integer id of at most 2^63-1');

/**
 * Free text of `min` to `max` characters. PostgreSQL text cannot hold NUL (U+0000): a value with one is
 * refused here instead of failing the query.
 */
export const ZText = (max: number, min = 1) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((text) => !text.includes('\u0000'), 'must not contain NUL');

/** A path segment holding a positive integer. */
const positiveIntParam = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const ZPageParams = z.object({
  pageNum: positiveIntParam(1_000_000),
  pageSize: positiveIntParam(MAX_PAGE_SIZE),
});

/** Epoch milliseconds. */
export const ZTimeMs = z.number().int().nonnegative();

/** Epoch milliseconds sent by a client, as a JSON number or a string of digits, within the safe integers. */
export const ZTimestampInput = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,16}$/, 'must be epoch milliseconds')])
  .transform(Number)
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

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
