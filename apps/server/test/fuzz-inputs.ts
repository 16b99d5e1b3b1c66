import { pathParams } from '@aidf/contract';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Inputs for the schema-driven fuzz test: each endpoint's path parameters and body are generated from its
 * zod schema (through its JSON Schema, input side) and then mixed with hostile variants, so most requests
 * are almost valid and reach the handlers, and the rest try the edges of validation. It serves both APIs: a
 * contract endpoint of /v1 and a registered /ops/v1 route are both a FuzzTarget.
 */

/** What one route takes: its path template (`{name}` parameters) and the zod schemas of its inputs. */
export interface FuzzTarget {
  method: string;
  path: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

const toJson = (schema: unknown): JsonSchema =>
  z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values the schema accepts (up to refinements JSON Schema cannot say). */
export function validFrom(node: JsonSchema, known: Record<string, string[]> = {}, key = ''): fc.Arbitrary<unknown> {
  const hints = known[key];
  const fromSchema = validFromSchema(node, known);
  return hints?.length ? fc.oneof(fc.constantFrom(...hints), fromSchema) : fromSchema;
}

function validFromSchema(node: JsonSchema, known: Record<string, string[]>): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.anyOf) return fc.oneof(...node.anyOf.map((n) => validFrom(n, known)));
  switch (node.type) {
    case 'string': {
      const max = Math.min(node.maxLength ?? 64, 300);
      if (node.format === 'email') return fc.emailAddress();
      // fast-check reads no lookaround: such a pattern gets plain strings.
      if (node.pattern && !node.pattern.includes('(?'))
        return fc.stringMatching(new RegExp(node.pattern)).map((s) => s.slice(0, max));
      return fc.string({ minLength: node.minLength ?? 0, maxLength: max, unit: 'grapheme' });
    }
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(node.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(node.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(node.items ? validFrom(node.items, known) : fc.anything(), { maxLength: node.maxItems ?? 5 });
    case 'object': {
      const properties = node.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, child] of Object.entries(properties)) record[name] = validFrom(child, known, name);
      return fc.record(record, { requiredKeys: (node.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue();
  }
}

const HUGE = 100 * 1024;

/** The edges of a bigint id, drawn often: an id one past them once answered 500. */
const ID_EDGES = ['9223372036854775807', '9223372036854775808', '9999999999999999999', '99999999999999999999'];

/** Numbers written as text: the edges of ids, pages, timestamps and amounts. */
export const hostileNumberText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...ID_EDGES) },
  fc.constantFrom(
    '0',
    '-0',
    '-1',
    '00',
    '01',
    '1e3',
    '1E3',
    '1e-3',
    '1.5',
    '.5',
    '1.',
    '+1',
    ' 1',
    '1 ',
    '0x10',
    '1_000',
    'NaN',
    'Infinity',
    '-Infinity',
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740991',
    '9007199254740993',
    '9223372036854775807',
    '9223372036854775808',
    '9999999999999999999',
    '18446744073709551615',
    '18446744073709551616',
    '99999999999999999999',
    '1000000',
    '1000001',
    '101',
    '9999999999999999',
    '1.0000000000000000001',
    '0.000000000000000001',
    '999999999999999999999999999999',
    '1000000000000000000000000000000',
    '١٢٣',
    '１２３',
  ),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.integer({ min: 18, max: 21 }).chain((n) => fc.stringMatching(new RegExp(`^[1-9]\\d{${n}}$`))),
  fc.double({ noNaN: true }).map(String),
);

/** Strings no schema expects: huge, control characters, bidi marks, emoji, lone surrogates. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u200f\u202e1',
    '\u202eevil',
    '🐄💸',
    '👨‍👩‍👧‍👦',
    '\ud800',
    '\udfff',
    'a\ud83d',
    '%00',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
    'null',
    'undefined',
    'true',
  ),
  fc.constantFrom('a', '9', 'é', '🐄').map((unit) => unit.repeat(HUGE / unit.length)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }),
);

/** Values of the wrong JSON type where a scalar belongs. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e21,
    -1e21,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 63, // the JSON number 9223372036854775808: one above bigint, as a float
    [],
    {},
    [1, 2],
    { a: 1 },
    [[[[[]]]]],
  ),
  fc.integer().map((n) => [n]),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileNumberText, hostileString, wrongType);

/** One field of a body: valid, hostile, or left out (undefined is dropped by JSON.stringify). */
function fieldOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 3, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function mutatedObject(node: JsonSchema, known: Record<string, string[]>): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(node.properties ?? {}))
    record[name] = fieldOf(validFrom(child, known, name));
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom('constructor', 'prototype', 'extra', 'mid', 'userId', 'admin'), fc.string()),
    hostileValue,
    { maxKeys: 3 },
  );
  return fc.tuple(fc.record(record), fc.option(extra, { freq: 3 })).map(([fields, more]) => ({ ...more, ...fields }));
}

/** A whole body as the text sent: valid, mutated, of the wrong type, or not JSON at all. */
function bodyText(schema: unknown, known: Record<string, string[]>): fc.Arbitrary<string> {
  const node = schema ? toJson(schema) : { type: 'object', properties: {} };
  const objects = node.anyOf ? node.anyOf : [node];
  return fc.oneof(
    { weight: 3, arbitrary: validFrom(node, known).map((v) => JSON.stringify(v)) },
    { weight: 6, arbitrary: fc.oneof(...objects.map((o) => mutatedObject(o, known))).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', '[', '"', 'null', '{"__proto__":{"x":1}}', 'nul') },
  );
}

/** A path segment as sent: percent-encoded, or raw bytes that are not valid UTF-8 once decoded. */
function segment(value: string, max = MAX_SEGMENT): string {
  try {
    // Node refuses request heads over 16 KB before any route runs (431): stay below with a few segments.
    return encodeURIComponent(value)
      .slice(0, max)
      .replace(/%[0-9A-F]?$/, '');
  } catch {
    return '%ED%A0%80'; // a lone surrogate has no UTF-8 form: send its CESU bytes, which no decoder accepts
  }
}

const MAX_SEGMENT = 3000;
/** A query may hold several fields, each at most twice: shorter values keep the head below 16 KB. */
const MAX_QUERY_VALUE = 1000;

/** A path parameter: from the schema, or hostile text (1,000 characters at most: see MAX_SEGMENT). */
function paramText(node: JsonSchema, known: Record<string, string[]>, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: validFrom(node, known, name).map(String) },
    { weight: 4, arbitrary: hostileNumberText },
    { weight: 2, arbitrary: hostileString.map((s) => s.slice(0, 1000)) },
  );
}

/** The query string: each field left out, valid, or hostile; now and then a field twice (an array once parsed). */
function queryText(schema: unknown, known: Record<string, string[]>): fc.Arbitrary<string> {
  const fields = Object.entries(schema ? (toJson(schema).properties ?? {}) : {});
  if (fields.length === 0) return fc.constant('');
  const pairs = fields.map(([name, node]) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant<string[]>([]) },
        { weight: 4, arbitrary: paramText(node, known, name).map((v) => [v]) },
        { weight: 1, arbitrary: fc.tuple(paramText(node, known, name), hostileString).map((v) => [...v]) },
      )
      .map((values) => values.map((v) => `${encodeURIComponent(name)}=${segment(v, MAX_QUERY_VALUE)}`)),
  );
  return fc.tuple(...pairs).map((parts) => {
    const all = parts.flat();
    return all.length ? `?${all.join('&')}` : '';
  });
}

export interface FuzzCase {
  /** The path with its query string, if the route takes one. */
  path: string;
  body: string;
  token: 'none' | 'valid' | 'garbage';
}

/** Requests for one route, signed (where /v1 wants it) and sent by the caller. */
/**
 * How many cases a route needs: `runs`, except for a GET that takes no path parameter and no query, whose cases
 * differ only by their token (valid, none, garbage) — dealt to at most four roles, twelve cover every pair, and
 * more repeat them (each such route took 200 identical requests).
 */
export function casesFor(endpoint: FuzzTarget, runs: number): number {
  const fields = endpoint.query ? Object.keys(toJson(endpoint.query).properties ?? {}) : [];
  const inputless = endpoint.method === 'GET' && pathParams(endpoint.path).length === 0 && fields.length === 0;
  return inputless ? Math.min(runs, 12) : runs;
}

export function fuzzCases(endpoint: FuzzTarget, known: Record<string, string[]>): fc.Arbitrary<FuzzCase> {
  const names = pathParams(endpoint.path);
  const paramNodes = endpoint.params ? (toJson(endpoint.params).properties ?? {}) : {};
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const name of names) params[name] = paramText(paramNodes[name] ?? { type: 'string' }, known, name);
  // Filled by hand, not with buildPath: encodeURIComponent throws on the lone surrogates we mean to send.
  const path = fc
    .tuple(fc.record(params), queryText(endpoint.query, known))
    .map(
      ([values, query]) =>
        endpoint.path.replace(/\{([A-Za-z0-9]+)\}/g, (_, n: string) => segment(values[n] ?? '')) + query,
    );
  const body = endpoint.method === 'GET' ? fc.constant('') : bodyText(endpoint.body, known);
  const token = fc.constantFrom<FuzzCase['token']>('valid', 'valid', 'none', 'garbage');
  return fc.record({ path, body, token });
}
