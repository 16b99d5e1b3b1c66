/**
 * Runs `tasks` with at most `limit` in flight, like that many concurrent clients, and answers their results in
 * order. Tests that start many transactions "at once" go through it: the connection pool lets only ten run together
 * anyway, and a queue longer than the pool's connect timeout fails on a busy machine ("timeout exceeded when trying
 * to connect") without testing anything more.
 */
export async function inFlight<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}
