/**
 * How long each part of the stack's start took, for the line the runner prints (where the start-up time goes).
 * Parts started side by side each keep their own time; the total is the wall time.
 */
export function phaseClock() {
  const started = performance.now();
  const phases: { name: string; ms: number }[] = [];
  return {
    /** Runs `work` and keeps its time under `name`. */
    async time<T>(name: string, work: () => Promise<T>): Promise<T> {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        phases.push({ name, ms: performance.now() - t0 });
      }
    },
    /** "12.3 s: pg cluster 8.1 s, build 2.0 s, …" */
    summary(): string {
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      return `${s(performance.now() - started)}: ${phases.map((p) => `${p.name} ${s(p.ms)}`).join(', ')}`;
    },
  };
}
