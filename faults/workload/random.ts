/** A seeded generator (mulberry32): the same seed makes the same workload, so a failing run replays. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [0, n). */
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    /** 32 bytes as 0x-hex: private keys that are the same for the same seed. */
    key(): `0x${string}` {
      let hex = '';
      while (hex.length < 64)
        hex += Math.floor(next() * 0x1_0000_0000)
          .toString(16)
          .padStart(8, '0');
      return `0x${hex}`;
    },
  };
}

export type Random = ReturnType<typeof seededRandom>;
