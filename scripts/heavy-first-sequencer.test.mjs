import { describe, expect, it } from 'vitest';
import { HEAVY_FILES, heavyFirst } from './heavy-first-sequencer.mjs';

const file = (project, name) => ({ project: { name: project }, moduleId: `/repo/${name}` });

describe('the heavy-first order of test files', () => {
  it("moves the heavy files to the front, longest first, and keeps the rest in Vitest's order", () => {
    const [ledger, crash, fuzzOps] = HEAVY_FILES;
    const files = [
      file('api', 'apps/server/test/a.api.test.ts'),
      file('api', fuzzOps),
      file('api', 'apps/server/test/b.api.test.ts'),
      file('api', ledger),
      file('api-postgres-only', 'apps/server/test/c.postgres.test.ts'),
      file('api-postgres-only', crash),
    ];
    expect(
      heavyFirst(files).map((f) => `${f.project.name}:${f.moduleId.replace('/repo/apps/server/test/', '')}`),
    ).toEqual([
      'api:ledger.api.test.ts',
      'api-postgres-only:treasury-crash.postgres.test.ts',
      'api:fuzz-ops.api.test.ts',
      'api:a.api.test.ts',
      'api:b.api.test.ts',
      'api-postgres-only:c.postgres.test.ts',
    ]);
  });
});
