import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTests, failedTests, formatDuration, runSteps, slowestFiles, timingReport } from './test-report.mjs';

const vitestReport = {
  numPassedTests: 5,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    { name: `${process.cwd()}/apps/server/test/slow.api.test.ts`, startTime: 1_000, endTime: 61_000 },
    { name: `${process.cwd()}/apps/server/test/quick.api.test.ts`, startTime: 1_000, endTime: 2_000 },
  ],
};
const playwrightReport = {
  stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'shell/overflow.spec.ts',
      file: 'shell/overflow.spec.ts',
      specs: [{ tests: [{ results: [{ duration: 20_000 }] }] }],
      suites: [
        { title: 'nested', file: 'shell/overflow.spec.ts', specs: [{ tests: [{ results: [{ duration: 15_000 }] }] }] },
      ],
    },
    { title: 'auth/me.spec.ts', file: 'auth/me.spec.ts', specs: [{ tests: [{ results: [{ duration: 500 }] }] }] },
  ],
};
const reports = [
  ['api-pglite', vitestReport],
  ['e2e', playwrightReport],
];

describe('the time report of npm test', () => {
  it('counts passed, failed (flaky included) and skipped tests over Vitest and Playwright reports', () => {
    expect(countTests(reports)).toEqual({ passed: 8, failed: 2, skipped: 1 });
  });

  it('names each failed test with its file and the first line of its error, a flaky one marked', () => {
    const vitest = {
      testResults: [
        {
          name: `${process.cwd()}/apps/server/test/a.api.test.ts`,
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            {
              status: 'failed',
              fullName: 'a pays once',
              failureMessages: ['\u001b[31mexpected 1 to be 2\u001b[39m\n  at x'],
            },
          ],
        },
        {
          name: `${process.cwd()}/apps/server/test/b.api.test.ts`,
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
      ],
    };
    const playwright = {
      stats: { expected: 0, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'money/on-chain.spec.ts',
          file: 'money/on-chain.spec.ts',
          specs: [
            { title: 'recharges', tests: [{ status: 'flaky', results: [{ error: { message: 'Timeout 10000ms' } }] }] },
          ],
          suites: [
            {
              title: 'withdraw',
              file: 'money/on-chain.spec.ts',
              specs: [
                { title: 'passes', tests: [{ status: 'expected', results: [{}] }] },
                {
                  title: 'pays',
                  tests: [
                    { status: 'unexpected', results: [{ errors: [{ message: 'Test timeout of 60000ms exceeded.' }] }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(
      failedTests([
        ['api-pglite', vitest],
        ['e2e', playwright],
      ]),
    ).toEqual([
      {
        suite: 'api-pglite',
        file: 'apps/server/test/a.api.test.ts',
        title: 'a pays once',
        error: 'expected 1 to be 2',
      },
      { suite: 'api-pglite', file: 'apps/server/test/b.api.test.ts', title: '(the file)', error: 'Cannot find module' },
      { suite: 'e2e', file: 'e2e/money/on-chain.spec.ts', title: 'recharges (flaky)', error: 'Timeout 10000ms' },
      {
        suite: 'e2e',
        file: 'e2e/money/on-chain.spec.ts',
        title: 'withdraw › pays',
        error: 'Test timeout of 60000ms exceeded.',
      },
    ]);
  });

  it('ranks the files of both runners by time, a spec file summing its nested suites', () => {
    expect(slowestFiles(reports, 3)).toEqual([
      { file: 'apps/server/test/slow.api.test.ts', ms: 60_000, suite: 'api-pglite' },
      { file: 'e2e/shell/overflow.spec.ts', ms: 35_000, suite: 'e2e' },
      { file: 'apps/server/test/quick.api.test.ts', ms: 1_000, suite: 'api-pglite' },
    ]);
  });

  it("prefers a Vitest file's whole cost (imports and setup) when the file-times reporter wrote it", () => {
    const fileTimes = { 'api-pglite': [{ file: 'apps/server/test/quick.api.test.ts', ms: 90_000 }] };
    expect(slowestFiles(reports, 1, fileTimes)).toEqual([
      { file: 'apps/server/test/quick.api.test.ts', ms: 90_000, suite: 'api-pglite' },
    ]);
  });

  it('prints the slowest files, then each step and the total', () => {
    const text = timingReport(reports, [
      { name: 'types', ms: 30_000, ok: true },
      { name: 'e2e', ms: 95_500, ok: false },
    ]);
    expect(text).toContain('1m 00.0s  apps/server/test/slow.api.test.ts  (api-pglite)');
    expect(text).toContain('1m 35.5s  e2e  (failed)');
    expect(text).toMatch(/2m 05\.5s {2}total$/);
    expect(formatDuration(4_200)).toBe('4.2s');
  });

  it('counts a step run beside another only by the time it outlasted it', () => {
    const text = timingReport(reports, [
      { name: 'types', ms: 30_000, ok: true },
      { name: 'e2e', ms: 100_000, ok: true },
      { name: 'api on PostgreSQL', ms: 120_000, ok: true, beside: 'beside e2e' },
    ]);
    expect(text).toContain('2m 00.0s  api on PostgreSQL  (beside e2e)');
    expect(text).toMatch(/2m 30\.0s {2}total$/);
  });

  it("prints each step's CPU seconds and mean load average, and the CPU seconds of all steps", () => {
    const text = timingReport(reports, [
      { name: 'types', ms: 30_000, ok: true, cpuSeconds: 41.6, load: 2.04 },
      { name: 'e2e', ms: 100_000, ok: true, cpuSeconds: 150.2, load: 3.5 },
    ]);
    expect(text).toContain('30.0s  types  [42 CPU-s, load 2.0]');
    expect(text).toMatch(/2m 10\.0s {2}total {2}\[192 CPU-s\]$/);
  });

  it.runIf(process.platform === 'linux' && fs.existsSync('/usr/bin/time'))(
    "measures a step's CPU seconds, its children's included, and a failed step's too",
    async () => {
      const node = process.execPath;
      // A fixed amount of work (a tenth of a CPU-s or so, whatever the load), done by a child of the step's command.
      const work = 'let x = 0; for (let i = 0; i < 1e8; i++) x ^= i; if (x === 1) console.log(x);';
      const times = await runSteps([
        [
          'works',
          node,
          ['-e', `require("child_process").execFileSync(process.execPath, ["-e", ${JSON.stringify(work)}])`],
        ],
        ['fails', node, ['-e', `${work} process.exit(2)`]],
      ]);
      for (const step of times) expect(step.cpuSeconds, step.name).toBeGreaterThan(0);
      expect(times.map((t) => t.ok)).toEqual([true, false]);
    },
    // Processes started on a shared machine: their start, not the work, can take seconds there.
    30_000,
  );

  it("runs steps side by side, keeping the second one's output and outcome apart", async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steps-'));
    const node = process.execPath;
    const times = await runSteps(
      [
        ['first', node, ['-e', '']],
        {
          together: [
            ['a', node, ['-e', '']],
            ['b step', node, ['-e', 'console.log("kept by b"); process.exit(3)']],
          ],
        },
      ],
      logDir,
    );
    expect(times.map(({ name, ok, beside }) => ({ name, ok, beside }))).toEqual([
      { name: 'first', ok: true, beside: undefined },
      { name: 'a', ok: true, beside: undefined },
      { name: 'b step', ok: false, beside: 'beside a' },
    ]);
    expect(fs.readFileSync(path.join(logDir, 'b-step.log'), 'utf8')).toBe('kept by b\n');
  }, 30_000);
});
