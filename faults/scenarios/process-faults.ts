import { killAndRestart, leaseHolders, pause, type Scenario } from './scenario.ts';

/** SIGKILL of an API instance while requests are in flight: nginx sends the next ones to the other instance. */
export const apiSigkill: Scenario = {
  name: 'api-sigkill',
  about: 'SIGKILL of an API instance mid-request; restarted',
  run: async (ctx) => {
    await ctx.acknowledged(20);
    await killAndRestart(ctx, ctx.random.pick(ctx.stack.instances), 'SIGKILL', 'api-sigkill');
  },
};

/** SIGTERM: the instance drains what is in flight, takes no new work and releases its leases. */
export const apiSigterm: Scenario = {
  name: 'api-sigterm',
  about: 'SIGTERM (graceful stop) of an API instance under load; restarted',
  run: async (ctx) => {
    await ctx.acknowledged(20);
    await killAndRestart(ctx, ctx.random.pick(ctx.stack.instances), 'SIGTERM', 'api-sigterm');
  },
};

/**
 * SIGKILL of whichever process holds each work lease (watchers, payout worker, sweepers, Solana pool, daily jobs,
 * reserves read), one lease after another at random points: the lease runs out and another process takes the work.
 */
export const leaseHolderSigkill: Scenario = {
  name: 'lease-holder-sigkill',
  about: 'SIGKILL of the process holding each work lease, at random points; restarted',
  run: async (ctx) => {
    const processes = [...ctx.stack.instances, ctx.stack.treasury];
    const holders = await leaseHolders(ctx.stack.databaseUrlForChecks());
    const names = [...holders.keys()].sort();
    if (names.length === 0) throw new Error('no process holds a lease: the background work is not running');
    const killed = new Set<string>();
    for (const name of names) {
      await pause(ctx.random.int(3000));
      const pid = (await leaseHolders(ctx.stack.databaseUrlForChecks())).get(name);
      const holder = processes.find((p) => p.pid() === pid);
      if (!holder || killed.has(`${holder.name}:${pid}`)) continue;
      killed.add(`${holder.name}:${pid}`);
      ctx.say(`lease ${name} is held by ${holder.name}`);
      await killAndRestart(ctx, holder, 'SIGKILL', 'lease-holder-sigkill');
    }
  },
};

/** A step of the wall clock on one instance (libfaketime), ahead then back: limits, sessions, leases, daily jobs. */
export const clockStep: Scenario = {
  name: 'clock-step',
  about: 'a +4 min then -4 min wall-clock step on one API instance (libfaketime), live',
  run: async (ctx) => {
    const instance = ctx.random.pick(ctx.stack.instances);
    for (const offset of [240, -240]) {
      await ctx.acknowledged(20);
      await ctx.fault(
        'clock-step',
        `${instance.name} clock ${offset > 0 ? '+' : ''}${offset} s`,
        async () => instance.stepClock(offset),
        async () => {
          await pause(5000); // the step holds for a while under load, then the clock is put right
          instance.stepClock(0);
        },
      );
    }
  },
};
