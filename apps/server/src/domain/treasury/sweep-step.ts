import type { SweepStatus } from '../../db/repositories/sweeps.ts';

/**
 * What one step of a sweeper does to a sweep: the states it takes a sweep from and the states it may leave it in.
 * Each step module names its own, and the driver picks a step by the state a sweep is in.
 */
export interface SweepStep {
  from: readonly SweepStatus[];
  to: readonly SweepStatus[];
}
