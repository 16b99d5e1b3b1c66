import { describe, expect, it } from 'vitest';
import { AREAS, allTestFiles, areasOf, testFilesOf } from './test-areas.mjs';

describe('the areas of npm run test:area', () => {
  it("gives the pledge area its unit, API and e2e files, and no other area's", () => {
    const files = testFilesOf(['pledge']);
    expect(files.unit).toContain('apps/web/src/features/pledge/pledge-math.test.ts');
    expect(files.api).toEqual([
      'apps/server/test/invest-value.api.test.ts',
      'apps/server/test/invest.api.test.ts',
      'apps/server/test/pledge-auto-renew.api.test.ts',
      'apps/server/test/pledge-interest-property.api.test.ts',
      'apps/server/test/pledge-settlement.api.test.ts',
      'apps/server/test/pledge.api.test.ts',
    ]);
    expect(files.e2e).toContain('e2e/pledge/pledge.spec.ts');
    expect([...files.unit, ...files.api, ...files.e2e].filter((f) => f.includes('machine'))).toEqual([]);
  });

  it('puts every test file in an area, so that --changed and test:area can reach it', () => {
    const inAreas = testFilesOf(Object.keys(AREAS));
    const reached = new Set([...inAreas.unit, ...inAreas.api, ...inAreas.postgresOnly, ...inAreas.e2e]);
    expect(allTestFiles().filter((file) => !reached.has(file))).toEqual([]);
  });

  it('has test files in every area', () => {
    for (const area of Object.keys(AREAS)) {
      const files = testFilesOf([area]);
      expect(files.unit.length + files.api.length + files.e2e.length, area).toBeGreaterThan(0);
    }
  });

  it('maps a changed source file to the areas its path names, shared code to none', () => {
    expect(areasOf('apps/server/src/domain/pledge/settle.ts')).toEqual(['pledge']);
    expect(areasOf('apps/web/src/features/withdraw/WithdrawDialog.tsx')).toEqual(['withdraw']);
    expect(areasOf('apps/server/src/http/app.ts')).toEqual([]);
  });
});
