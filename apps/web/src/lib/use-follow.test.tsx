// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Changes } from './follow.ts';
import { useAnnounceChanges } from './use-follow.ts';

afterEach(cleanup);

type Row = { id: string; status: string };

function follow(initial: Row[] | undefined) {
  const announce = vi.fn<(changes: Changes<Row>) => void>();
  const hook = renderHook(
    ({ items }: { items: Row[] | undefined }) =>
      // New callbacks on every render, as a component passes them: they must not count as changes.
      useAnnounceChanges(
        items,
        (r) => r.id,
        (r) => r.status,
        (c) => announce(c),
      ),
    { initialProps: { items: initial } },
  );
  return { announce, show: (items: Row[] | undefined) => hook.rerender({ items }) };
}

describe('announcing what a followed list gained', () => {
  it('says nothing while loading nor for the list as it first shows', () => {
    const { announce, show } = follow(undefined);
    show([{ id: '1', status: 'sent' }]);
    expect(announce).not.toHaveBeenCalled();
  });

  it('announces a change once, whatever re-renders and refetches follow', () => {
    const { announce, show } = follow([{ id: '1', status: 'requested' }]);
    show([{ id: '1', status: 'sent' }]);
    // A refetch answers an equal list as a new array; a re-render passes the same one again.
    const same = [{ id: '1', status: 'sent' }];
    show(same);
    show(same);
    show([{ id: '1', status: 'sent' }]);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce.mock.calls[0]?.[0].moved).toEqual([{ item: { id: '1', status: 'sent' }, from: 'requested' }]);
    show([
      { id: '2', status: 'requested' },
      { id: '1', status: 'confirmed' },
    ]);
    expect(announce).toHaveBeenCalledTimes(2);
    expect(announce.mock.calls[1]?.[0].added).toEqual([{ id: '2', status: 'requested' }]);
  });
});
