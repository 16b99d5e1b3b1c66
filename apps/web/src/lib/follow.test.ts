import { describe, expect, it } from 'vitest';
import { changesSince } from './follow.ts';

const key = (x: { id: string }) => x.id;
const state = (x: { status: string }) => x.status;

describe('what changed in a followed list', () => {
  it('takes the first look as the baseline: what was there when the screen opened is no news', () => {
    const first = changesSince(null, [{ id: '1' }, { id: '2' }], key);
    expect(first.added).toEqual([]);
    expect(first.moved).toEqual([]);
  });

  it('reports a new credit once: the next answer with the same list reports nothing', () => {
    const baseline = changesSince(null, [{ id: '1' }], key);
    const arrived = changesSince(baseline.seen, [{ id: '2' }, { id: '1' }], key);
    expect(arrived.added).toEqual([{ id: '2' }]);
    const again = changesSince(arrived.seen, [{ id: '2' }, { id: '1' }], key);
    expect(again.added).toEqual([]);
  });

  it('reports each state a withdrawal moves into once, with the state it left', () => {
    const baseline = changesSince(null, [{ id: '7', status: 'requested' }], key, state);
    const sent = changesSince(baseline.seen, [{ id: '7', status: 'sent' }], key, state);
    expect(sent.moved).toEqual([{ item: { id: '7', status: 'sent' }, from: 'requested' }]);
    const still = changesSince(sent.seen, [{ id: '7', status: 'sent' }], key, state);
    expect(still.moved).toEqual([]);
    const confirmed = changesSince(still.seen, [{ id: '7', status: 'confirmed' }], key, state);
    expect(confirmed.moved).toEqual([{ item: { id: '7', status: 'confirmed' }, from: 'sent' }]);
  });

  it('remembers an item that scrolled off the page: it coming back is no news', () => {
    const baseline = changesSince(null, [{ id: '1' }, { id: '2' }], key);
    const shorter = changesSince(baseline.seen, [{ id: '2' }], key);
    expect(changesSince(shorter.seen, [{ id: '1' }, { id: '2' }], key).added).toEqual([]);
  });
});
