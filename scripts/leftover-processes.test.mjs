import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { newRunMark, processesOfRun, RUN_MARK, stopLeftovers } from './leftover-processes.mjs';

/** A process that would run for good, started on its own (as an orphan is), with or without the run's mark. */
function lingering(env) {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited };
}

describe.runIf(process.platform === 'linux')('the processes a test run left behind', () => {
  it('finds the processes carrying the run mark, and only those, and stops them', async () => {
    const mark = newRunMark();
    const marked = lingering({ [RUN_MARK]: mark });
    const other = lingering({ [RUN_MARK]: `${mark}-another-run` });
    try {
      expect(processesOfRun(mark).map((p) => p.pid)).toEqual([marked.child.pid]);
      expect(processesOfRun(mark)[0]?.args).toContain('setInterval');
      expect((await stopLeftovers(mark, { graceMs: 0 })).map((p) => p.pid)).toEqual([marked.child.pid]);
      expect(await marked.exited).toBe('SIGKILL');
      expect(processesOfRun(mark)).toEqual([]);
      expect(other.child.exitCode).toBeNull();
      // One that ends by itself within the grace is not called left behind.
      const ending = lingering({ [RUN_MARK]: mark });
      const stopping = stopLeftovers(mark, { graceMs: 20_000 }); // its first look finds it still running
      ending.child.kill('SIGTERM');
      expect(await stopping).toEqual([]);
      expect(await ending.exited).toBe('SIGTERM');
    } finally {
      marked.child.kill('SIGKILL');
      other.child.kill('SIGKILL');
      await Promise.all([marked.exited, other.exited]);
    }
  });
});
