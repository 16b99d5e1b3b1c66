/**
 * At most `max` units held at once per key (a user, say) in this process; a task that would go beyond is
 * refused at once with `whenFull()`, so one key cannot fill a shared queue behind it.
 */
export function perKeySlots(options: { max: number; whenFull: () => Error }) {
  const held = new Map<string, number>();
  const heldBy = (key: string) => held.get(key) ?? 0;

  return {
    heldBy,
    async run<T>(key: string, units: number, task: () => Promise<T>): Promise<T> {
      if (heldBy(key) + units > options.max) throw options.whenFull();
      held.set(key, heldBy(key) + units);
      try {
        return await task();
      } finally {
        const left = heldBy(key) - units;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      }
    },
  };
}
