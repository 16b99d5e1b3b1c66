import { z } from 'zod';

/** A UTF-16 surrogate without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` is free of NUL (U+0000) and lone surrogates: the rule of SAFE_STRING_CHECK. */
export const isSafeText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The one check every request string of both APIs (/v1 and /ops/v1) carries. PostgreSQL text and jsonb cannot
 * hold NUL, and a lone surrogate has no UTF-8 form (jsonb refuses its escape; text would store U+FFFD instead):
 * either would fail the query (500) or change the value, so both are refused at the schema (400, code 1225).
 */
export const SAFE_STRING_CHECK = z.refine<string>(
  isSafeText,
  'must not contain NUL (U+0000) or a lone UTF-16 surrogate',
);

/** The string type of every request field, path parameter and query parameter: z.string() refusing NUL and lone surrogates. */
export const safeString = () => z.string().check(SAFE_STRING_CHECK);

type Def = Record<string, unknown> & { type: string; checks?: unknown[] };
const defOf = (schema: unknown): Def | null => (schema as { _zod?: { def?: Def } } | null)?._zod?.def ?? null;

/**
 * Where a request schema takes a string without SAFE_STRING_CHECK, or takes anything at all (any, unknown):
 * the paths of those nodes, e.g. `["body.username"]`. Empty when every string a request can carry is checked.
 * Tests walk every route of both APIs with it, so a new route cannot forget the check.
 */
export function uncheckedStrings(schema: unknown, at = '', seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def) return [`${at || '(root)'}: not a zod schema`];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const walk = (child: unknown, path: string) => uncheckedStrings(child, path, seen);
  const name = at || '(root)';
  switch (def.type) {
    case 'string':
      return def.checks?.includes(SAFE_STRING_CHECK) ? [] : [name];
    case 'any':
    case 'unknown':
      return [`${name} (${def.type})`];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.entries(shape).flatMap(([key, child]) => walk(child, at ? `${at}.${key}` : key));
      return def.catchall ? [...fields, ...walk(def.catchall, `${at}[*]`)] : fields;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType, at);
    case 'pipe':
      return [...walk(def.in, at), ...walk(def.out, at)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option, at));
    case 'intersection':
      return [...walk(def.left, at), ...walk(def.right, at)];
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'record':
      return [...walk(def.keyType, `${at}{key}`), ...walk(def.valueType, `${at}{}`)];
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, i) => walk(item, `${at}[${i}]`)),
        ...(def.rest ? walk(def.rest, `${at}[]`) : []),
      ];
    case 'lazy':
      return walk((def.getter as () => unknown)(), at);
    default:
      // enum, literal, number, boolean, null, bigint, date, transform, custom: no free text reaches a query.
      return [];
  }
}
