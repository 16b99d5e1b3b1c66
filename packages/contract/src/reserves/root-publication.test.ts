import { describe, expect, it } from 'vitest';
import { decodeRootPublication, encodeRootPublication, publishesRoot } from './root-publication.ts';

const published = {
  reportId: '12',
  currencies: ['aidf', 'usdt'],
  root: { hash: 'ab'.repeat(32), sums: ['5', '1000000000000000000'] },
};

describe('a reserves root published in a transaction', () => {
  it('reads back what was published, and matches only the same report, currencies, hash and sums', () => {
    const data = encodeRootPublication(published);
    expect(decodeRootPublication(data)).toEqual(published);
    expect(publishesRoot(data, published)).toBe(true);
    expect(publishesRoot(data, { ...published, reportId: '13' })).toBe(false);
    expect(publishesRoot(data, { ...published, currencies: ['usdt', 'aidf'] })).toBe(false);
    expect(publishesRoot(data, { ...published, root: { ...published.root, hash: 'cd'.repeat(32) } })).toBe(false);
    expect(publishesRoot(data, { ...published, root: { ...published.root, sums: ['5', '1'] } })).toBe(false);
  });

  it('is null for any other data, never an exception', () => {
    for (const data of [null, 42, '', '0x', '0x1', '0xzz', '0xff', '0x616964662d', `0x${'61'.repeat(9000)}`]) {
      expect(decodeRootPublication(data)).toBeNull();
      expect(publishesRoot(data, published)).toBe(false);
    }
  });
});
