import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './endpoints/index.ts';
import { isSafeText, safeString, uncheckedStrings } from './safe-string.ts';
import { ZDecimalString, ZIdString, ZText } from './schemas.ts';

describe('safeString: the one string type of every request', () => {
  it.each(['', 'plain', 'é 质押 رهن', '🐄💸', '👨‍👩‍👧‍👦', '\ud83d\udc04'])('takes %j', (text) => {
    expect(safeString().safeParse(text).success).toBe(true);
    expect(isSafeText(text)).toBe(true);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', '\udfff', 'a\ud83d', '\udc04a', '\udc04\ud83d'])('refuses %j', (text) => {
    const result = safeString().safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/NUL.*lone UTF-16 surrogate/);
  });

  it('keeps refusing after other checks are chained, and inside the shared types built on it', () => {
    for (const schema of [safeString().trim().min(1).max(9), ZText(9), ZIdString, ZDecimalString])
      expect(schema.safeParse('1\u0000').success).toBe(false);
  });
});

describe('uncheckedStrings: a walk over a request schema', () => {
  it('finds every plain z.string(), wherever it hides', () => {
    const schema = z.object({
      ok: safeString(),
      name: z.string(),
      list: z.array(z.string().max(3)).optional(),
      either: z.union([z.number(), z.string()]).nullable(),
      trimmed: z.string().trim().pipe(ZText(10)),
      nested: z.object({ deep: z.string().default('x') }),
      anything: z.unknown(),
      map: z.record(z.enum(['a', 'b']), z.string()),
    });
    expect(uncheckedStrings(schema)).toEqual([
      'name',
      'list[]',
      'either',
      'trimmed',
      'nested.deep',
      'anything (unknown)',
      'map{}',
    ]);
  });

  it('passes a schema whose strings are all safeString', () => {
    expect(uncheckedStrings(z.object({ a: ZText(5), b: z.array(ZIdString), c: z.enum(['x']), d: z.number() }))).toEqual(
      [],
    );
  });

  it('says so when handed something that is not a zod schema', () => {
    expect(uncheckedStrings({ type: 'object' })).toEqual(['(root): not a zod schema']);
  });
});

describe('every /v1 endpoint of the contract', () => {
  it.each(Object.entries(ENDPOINTS))('%s takes no string that could carry NUL or a lone surrogate', (_, endpoint) => {
    const parts: [string, unknown][] = [
      ['params', 'params' in endpoint ? endpoint.params : undefined],
      ['query', 'query' in endpoint ? endpoint.query : undefined],
      ['body', 'body' in endpoint ? endpoint.body : undefined],
    ];
    const unchecked = parts.flatMap(([part, schema]) => (schema ? uncheckedStrings(schema, part) : []));
    expect(unchecked).toEqual([]);
  });
});
