import { describe, expect, it } from 'vitest';
import { ZTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(ZTrustProxy.parse(undefined)).toBe(false);
    expect(ZTrustProxy.parse('off')).toBe(false);
  });

  it('a hop count trusts that many hops from the socket, and no more', () => {
    const trust = ZTrustProxy.parse('2');
    if (typeof trust !== 'function') throw new Error('a hop count must become a function');
    expect([0, 1, 2].map((hop) => trust('203.0.113.1', hop))).toEqual([true, true, false]);
  });

  it('takes proxy addresses and CIDR ranges; refuses true, 0 and anything else', () => {
    expect(ZTrustProxy.parse('10.0.0.0/8, 192.0.2.1,::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '0', '11', '10.0.0.0/33', 'proxy.example.com']) {
      expect(ZTrustProxy.safeParse(bad).success, bad).toBe(false);
    }
  });
});
