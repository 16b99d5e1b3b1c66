import { describe, expect, it } from 'vitest';
import { allowedSections } from './nav.ts';

// The permissions GET /ops/v1/auth/me answers per role (apps/server/src/domain/operator/roles.ts).
const ME = {
  support: ['self', 'dashboard', 'tickets', 'users'],
  finance: ['self', 'dashboard', 'users', 'credit', 'payouts', 'money'],
  admin: [
    'self',
    'dashboard',
    'tickets',
    'users',
    'credit',
    'payouts',
    'money',
    'treasury',
    'config',
    'jobs',
    'operators',
    'audit',
  ],
};

describe('[console] navigation by role', () => {
  it('shows each role only the sections its permissions open', () => {
    const keys = (role: keyof typeof ME) => allowedSections(ME[role]).map((s) => s.key);
    expect(keys('support')).toEqual(['dashboard', 'users', 'tickets']);
    expect(keys('finance')).toEqual(['dashboard', 'users', 'credits', 'payouts', 'treasury']);
    expect(keys('admin')).toEqual([
      'dashboard',
      'users',
      'credits',
      'payouts',
      'treasury',
      'tickets',
      'config',
      'announcements',
      'operators',
      'audit',
    ]);
  });
});
