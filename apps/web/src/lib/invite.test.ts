// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetInvite, inviteCodeOf, inviteLink } from './invite.ts';

beforeEach(() => localStorage.clear());

describe('the invite code survives until a sign-in uses it (SPEC.md point 4)', () => {
  it('is remembered from ?invite= and found again on pages without it (a tab, a reload after reconnect)', () => {
    expect(inviteCodeOf('')).toBeNull();
    expect(inviteCodeOf('?invite=alice')).toBe('alice');
    expect(inviteCodeOf('')).toBe('alice');
    expect(inviteCodeOf('?tab=4')).toBe('alice');
  });

  it('a newer link wins; forgetting (after a sign-in) clears it; a malformed code is not kept', () => {
    inviteCodeOf('?invite=alice');
    expect(inviteCodeOf('?invite=bob')).toBe('bob');
    forgetInvite();
    expect(inviteCodeOf('')).toBeNull();
    inviteCodeOf('?invite=%3Cscript%3E');
    expect(inviteCodeOf('')).toBeNull();
  });

  it('builds the link as the app address with ?invite=', () => {
    expect(inviteLink('alice', 'https://app.example', '/')).toBe('https://app.example/?invite=alice');
  });
});
