import { describe, expect, it } from 'vitest';
import { browserOf, ipPrefix } from './devices.ts';

describe('what the devices list shows of a session', () => {
  it('keeps only the prefix of an address: IPv4 /24, IPv6 /48, mapped IPv4 as IPv4', () => {
    expect(ipPrefix('203.0.113.77')).toBe('203.0.113.x');
    expect(ipPrefix('::ffff:198.51.100.9')).toBe('198.51.100.x');
    expect(ipPrefix('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(ipPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(ipPrefix('::1')).toBe('0:0:0::/48');
    expect(ipPrefix('not an address')).toBe('unknown');
  });

  it('names the browser and the system, without versions', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0'),
    ).toBe('Edge · Windows');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox · Linux');
    expect(browserOf(null)).toBe('Browser');
  });
});
