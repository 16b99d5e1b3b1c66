import { describe, expect, it } from 'vitest';
import { perKeySlots } from './per-key-slots.ts';

describe('perKeySlots', () => {
  it('refuses a key beyond its units while others go on, and gives the units back when a task ends', async () => {
    const slots = perKeySlots({ max: 3, whenFull: () => new Error('full') });
    let finish = () => {};
    const running = slots.run('a', 2, () => new Promise<void>((resolve) => (finish = resolve)));
    await expect(slots.run('a', 2, async () => 'x')).rejects.toThrow('full');
    await expect(slots.run('a', 1, async () => 'one more')).resolves.toBe('one more');
    await expect(slots.run('b', 3, async () => 'other key')).resolves.toBe('other key');
    expect(slots.heldBy('a')).toBe(2);
    finish();
    await running;
    expect(slots.heldBy('a')).toBe(0);
    await expect(slots.run('a', 1, () => Promise.reject(new Error('task failed')))).rejects.toThrow('task failed');
    expect(slots.heldBy('a')).toBe(0);
  });
});
