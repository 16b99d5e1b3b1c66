/**
 * At most `concurrency` tasks at once in this process; up to `maxWaiting` more wait their turn in order,
 * and beyond that `run` refuses at once with `whenFull()` instead of queueing without end.
 */
export function semaphore(options: { concurrency: number; maxWaiting: number; whenFull: () => Error }) {
  let running = 0;
  let started = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the same.
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) running++;
      else if (waiting.length >= options.maxWaiting) throw options.whenFull();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      started++;
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks started since the process began, running now, and waiting now. */
    stats: () => ({ started, running, waiting: waiting.length }),
  };
}
