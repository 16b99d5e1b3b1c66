// The daily jobs are listed once, with the rest of the background work, in jobs/registry.ts.
export { dailyJobs } from './registry.ts';
