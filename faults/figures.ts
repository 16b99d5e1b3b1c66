import type { ScenarioResult } from './run-scenario.ts';

/** The q-quantile (0..1) of `values` by nearest rank; null when there are none. */
function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? null;
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** The run's figures as the runner prints them and docs/testing.md keeps them. */
export function figures(results: readonly ScenarioResult[], seed: number): string {
  const faults = results.flatMap((r) => r.faults);
  const fiveXx: Record<string, number> = {};
  for (const r of results) for (const [k, n] of Object.entries(r.fiveXx)) fiveXx[k] = (fiveXx[k] ?? 0) + n;
  const sum = (pick: (r: ScenarioResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  const lines = [
    `fault harness (FAULT_SEED=${seed})`,
    `scenarios ${results.length}, faults injected ${faults.length}, operations ${sum((r) => r.requests)}, acknowledged ${sum((r) => r.acknowledged)}, lost ${sum((r) => r.lost)}, doubled ${sum((r) => r.doubled)}`,
    `5xx by kind: ${
      Object.entries(fiveXx)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ') || 'none'
    }`,
    '',
    '| scenario | seed | faults | acknowledged | lost | doubled | violations | time |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.seed} | ${r.faults.length} | ${r.acknowledged} | ${r.lost} | ${r.doubled} | ${r.violations.length}${r.expectedViolations.length ? ` (${r.expectedViolations.length} expected)` : ''}${r.error ? ' + error' : ''} | ${seconds(r.ms)} |`,
    ),
    '',
    '| fault kind | injected | time to recover p50 | p99 | never recovered |',
    '| --- | --- | --- | --- | --- |',
    ...[...new Set(faults.map((f) => f.kind))].map((kind) => {
      const of = faults.filter((f) => f.kind === kind);
      const ms = of.flatMap((f) => (f.recoveredMs === null ? [] : [f.recoveredMs]));
      return `| ${kind} | ${of.length} | ${seconds(quantile(ms, 0.5))} | ${seconds(quantile(ms, 0.99))} | ${of.length - ms.length} |`;
    }),
  ];
  return lines.join('\n');
}

/** Each failing scenario's error and first violations, for the person reading a red run. */
export function failures(results: readonly ScenarioResult[]): string[] {
  return results.flatMap((r) => [
    ...(r.error ? [`${r.name} (seed ${r.seed}): ${r.error}`] : []),
    ...r.violations.slice(0, 10).map((v) => `${r.name} (seed ${r.seed}): ${v.invariant}: ${v.message}`),
    ...(r.violations.length > 10 ? [`${r.name}: … and ${r.violations.length - 10} more violations`] : []),
  ]);
}
