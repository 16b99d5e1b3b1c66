import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE, OPENS_TEST_DATABASE, POSTGRES_ALONE } from './api-passes.mjs';

describe('the API passes', () => {
  it('leave out of the PostgreSQL pass only files that never open the suite database', () => {
    for (const file of DATABASE_FREE) {
      const text = fs.readFileSync(file, 'utf8');
      expect({ file, opens: text.match(OPENS_TEST_DATABASE)?.[0] ?? null }).toEqual({ file, opens: null });
      expect(text).toMatch(/\brunMain\b|serverBundle\(\)|build\.mjs/);
    }
  });

  it('name files that exist', () => {
    for (const file of [...DATABASE_FREE, ...POSTGRES_ALONE]) expect(fs.existsSync(file), file).toBe(true);
  });

  it('tell a file that opens the database', () => {
    expect(fs.readFileSync('apps/server/test/ledger.api.test.ts', 'utf8')).toMatch(OPENS_TEST_DATABASE);
  });
});
