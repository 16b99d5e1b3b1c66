import { describe, expect, it } from 'vitest';
import { outagePauseMs, outageWatch } from './outage-backoff.ts';

const pauses = { firstMs: 1_000, maxMs: 30_000 };
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the pause of background work while the database is unreachable', () => {
  it('doubles from the first pause up to the cap, with jitter between half and the whole', () => {
    const highest = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => outagePauseMs(n, pauses, () => 1));
    expect(highest).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    const lowest = [1, 2, 6].map((n) => outagePauseMs(n, pauses, () => 0));
    expect(lowest).toEqual([500, 1_000, 15_000]);
    expect(outagePauseMs(1_000, pauses, () => 0.5)).toBe(22_500);
  });

  it('opens one outage for every loop and every tick, closes it on the first success, and starts over', () => {
    const events: string[] = [];
    let clock = 0;
    const watch = outageWatch({
      pauses,
      onStart: () => events.push('down'),
      onEnd: (ms) => events.push(`up after ${ms}`),
      now: () => clock,
      random: () => 1,
    });
    const a = watch.loop();
    const b = watch.loop();
    const fail = (loop: typeof a) => {
      loop.began();
      return loop.failed(refused);
    };
    expect(fail(a)).toBe(1_000);
    expect(fail(b)).toBe(1_000);
    expect(fail(a)).toBe(2_000);
    expect(fail(a)).toBe(4_000);
    expect(watch.down).toBe(true);
    clock = 7_000;
    a.began();
    a.succeeded();
    b.began();
    b.succeeded();
    expect(watch.down).toBe(false);
    expect(events).toEqual(['down', 'up after 7000']);
    // A second outage starts again from the first pause.
    expect(fail(a)).toBe(1_000);
    expect(events).toEqual(['down', 'up after 7000', 'down']);
  });

  it('is not closed by a tick that began before it opened, whose query finished just as the database went away', () => {
    const events: string[] = [];
    const watch = outageWatch({ pauses, onStart: () => events.push('down'), onEnd: () => events.push('up') });
    const early = watch.loop();
    const late = watch.loop();
    early.began(); // its query is under way while PostgreSQL stops
    late.began();
    late.failed(refused);
    early.succeeded();
    expect(watch.down).toBe(true);
    late.began();
    late.failed(refused);
    expect(events).toEqual(['down']);
    early.began();
    early.succeeded();
    expect(watch.down).toBe(false);
    expect(events).toEqual(['down', 'up']);
  });

  it('leaves a failure that is not an outage to the schedule (null)', () => {
    const watch = outageWatch({ pauses, onStart: () => {}, onEnd: () => {} });
    const loop = watch.loop();
    loop.began();
    expect(loop.failed(new Error('duplicate key value violates unique constraint'))).toBeNull();
    expect(watch.down).toBe(false);
  });
});
