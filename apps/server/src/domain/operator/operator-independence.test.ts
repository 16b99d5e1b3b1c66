import { describe, expect, it } from 'vitest';
import { approvalRefusal } from './approvers.ts';
import { type AccountFacts, type IndependenceFacts, independenceRefusal } from './independence.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const account = (username: string, createdBy: string, approvedBy: string | null, minute: number): AccountFacts => ({
  username,
  createdBy,
  approvedBy,
  createdAt: at(minute),
  role: 'admin',
  disabledAt: null,
});

// ada and bob: the founders (the token's at-once accounts, bob the second admin ever at minute 2). mal: an account
// the token made at once after the end (as the old roster count let it, once admins were disabled). tok: the
// token's account through an approved proposal. fin1, fin2: both created by ada.
const facts: IndependenceFacts = {
  accounts: new Map(
    [
      account('ada', 'cli', null, 1),
      account('bob', 'cli', null, 2),
      account('mal', 'cli', null, 5),
      account('tok', 'cli', 'carol', 6),
      account('carol', 'ada', 'bob', 3),
      account('fin1', 'ada', 'bob', 4),
      account('fin2', 'ada', 'carol', 4),
    ].map((a) => [a.username, a]),
  ),
  bootstrapEndedAt: at(2),
};
const proposal = (proposedBy: string, minute = 10, kind = 'credit', payload: Record<string, unknown> = {}) => ({
  kind,
  proposedBy,
  createdAt: at(minute),
  payload,
});
const code = (approver: string, p: ReturnType<typeof proposal>) =>
  independenceRefusal(facts, approver, p)?.code ?? null;

describe('four eyes are two people', () => {
  it('lets the founders approve each other, though both were created by the token', () => {
    expect(code('bob', proposal('ada'))).toBeNull();
    expect(code('ada', proposal('bob'))).toBeNull();
  });

  it('counts an at-once account made after the end as one person with the founders', () => {
    expect(code('mal', proposal('ada'))).toBe(14034);
    expect(code('ada', proposal('mal'))).toBe(14034);
  });

  it("counts the token's later accounts as one person with the founders and never lets the token approve them", () => {
    expect(code('tok', proposal('bob'))).toBe(14034);
    expect(code('cli', proposal('tok'))).toBe(14033);
    expect(code('tok', proposal('cli'))).toBe(14032);
  });

  it('refuses two accounts with the same creator, and says why in order', () => {
    expect(code('fin2', proposal('fin1'))).toBe(14034);
    expect(code('fin1', proposal('ada'))).toBe(14032);
    expect(code('ada', proposal('fin1'))).toBe(14033);
    expect(code('fin1', proposal('fin1'))).toBe(1403);
    expect(code('carol', proposal('bob', 2))).toBe(14031);
    expect(code('carol', proposal('bob', 10, 'operator-role', { username: 'carol' }))).toBe(14032);
    expect(code('bob', proposal('ada', 10, 'operator-role', { username: 'bob' }))).toBe(14035);
  });

  it('answers a closed proposal or a missing permission before independence', () => {
    const open = { ...proposal('ada'), status: 'proposed', expiresAt: at(100) };
    expect(approvalRefusal(facts, { name: 'bob', role: 'admin' }, open, at(50))).toBeNull();
    expect(approvalRefusal(facts, { name: 'bob', role: 'admin' }, open, at(100))?.code).toBe(1410);
    expect(approvalRefusal(facts, { name: 'bob', role: 'admin' }, { ...open, status: 'applied' }, at(50))?.code).toBe(
      1409,
    );
    expect(approvalRefusal(facts, { name: 'bob', role: 'support' }, open, at(50))?.code).toBe(403);
  });
});
