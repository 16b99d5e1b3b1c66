import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

/** A CPU profile of this process's thread while `work` runs, written to BENCH_CPU_PROFILE when set. */
export async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const target = process.env.BENCH_CPU_PROFILE;
  if (!target) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(target, JSON.stringify(profile));
    session.disconnect();
  }
}
