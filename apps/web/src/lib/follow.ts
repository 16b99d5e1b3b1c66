/** What a list showed last: each item's key and its state (a status, or '' for items that only appear). */
export type Seen = ReadonlyMap<string, string>;

export interface Changes<T> {
  /** Items whose key was not seen before. */
  added: T[];
  /** Items seen before in another state, with the state they left. */
  moved: { item: T; from: string }[];
  /** What the list shows now: the next call's `seen`. */
  seen: Seen;
}

/**
 * What changed in a followed list since it was last looked at. The first look (`seen` null) is the baseline and
 * reports nothing: what was already there when the screen opened is no news. Each change is reported once: the
 * answer's `seen` already holds it, so the same answer again reports nothing.
 */
export function changesSince<T>(
  seen: Seen | null,
  items: readonly T[],
  keyOf: (item: T) => string,
  stateOf: (item: T) => string = () => '',
): Changes<T> {
  const next = new Map<string, string>(seen ?? []);
  const added: T[] = [];
  const moved: { item: T; from: string }[] = [];
  for (const item of items) {
    const key = keyOf(item);
    const state = stateOf(item);
    const before = next.get(key);
    next.set(key, state);
    if (seen === null || before === state) continue;
    if (before === undefined) added.push(item);
    else moved.push({ item, from: before });
  }
  return { added, moved, seen: next };
}
