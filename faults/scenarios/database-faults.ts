import { DATABASE } from '../stack/postgres-cluster.ts';
import { pause, type Scenario } from './scenario.ts';

/** PostgreSQL restarted under load with `mode` (fast: clients disconnected cleanly; immediate: a crash). */
const restart = (mode: 'fast' | 'immediate'): Scenario => ({
  name: `pg-restart-${mode}`,
  about: `PostgreSQL stopped (${mode}) and started again while money moves`,
  run: async (ctx) => {
    await ctx.acknowledged(20);
    await ctx.fault(
      `pg-restart-${mode}`,
      `pg_ctl stop -m ${mode}; 2 s down; start`,
      () => ctx.stack.db.stopPrimary(mode),
      async () => {
        await pause(2000);
        await ctx.stack.db.startPrimary();
      },
    );
  },
});

export const pgRestartFast = restart('fast');
export const pgRestartImmediate = restart('immediate');

/** Every connection of the app cut (pg_terminate_backend) in the middle of its transactions, three times. */
export const pgTerminateBackends: Scenario = {
  name: 'pg-terminate-backends',
  about: 'pg_terminate_backend of every app connection, mid-transaction, three times',
  run: async (ctx) => {
    for (let i = 0; i < 3; i++) {
      await ctx.acknowledged(10);
      let cut = 0;
      await ctx.fault(
        'pg-terminate-backends',
        'pg_terminate_backend of the app connections',
        async () => {
          cut = await ctx.stack.db.terminateBackends(DATABASE);
        },
        async () => ctx.say(`${cut} connections cut`),
      );
    }
  },
};

/** The primary stopped (immediate) and the replica promoted; PgBouncer re-pointed as the operators' guide says. */
export const pgFailover: Scenario = {
  name: 'pg-failover',
  about: 'primary stopped, replica promoted, PgBouncer re-pointed (docs/deployment.md "Database failover")',
  run: async (ctx) => {
    await ctx.acknowledged(20);
    let switchMs = 0;
    await ctx.fault(
      'pg-failover',
      'stop primary (immediate), pg_ctl promote, PgBouncer RELOAD',
      async () => {
        switchMs = (await ctx.stack.db.failover()).switchMs;
      },
      async () => ctx.say(`PgBouncer points at the new primary ${switchMs} ms after the old one stopped`),
    );
  },
};
