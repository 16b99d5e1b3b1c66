import { isIP } from 'node:net';

/**
 * What the devices list shows of where a session signed in from: the address's prefix only (an IPv4 address's
 * first three bytes, an IPv6 address's /48), enough to recognise one's own network, not to locate a person.
 */
export function ipPrefix(ip: string): string {
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(mapped) === 4) return `${mapped.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(mapped) !== 6) return 'unknown';
  const [head = '', tail = ''] = mapped.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = mapped.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 3).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/48`;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/Version\/(\d+).*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android" from a user agent: the browser and the system, no version (it changes with updates). */
export function browserOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  return system ? `${browser} · ${system}` : browser;
}
