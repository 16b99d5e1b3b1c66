/** Waits while a fixed limit window is about to turn, so a test's burst is counted in one window. */
export async function awayFromWindowEdge(windowMs: number, marginMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * A test's timeout when it first waits with awayFromWindowEdge(…, marginMs): the API tests' own 30 s plus the longest
 * wait (a test starting just before the window turns waits up to marginMs, which alone may pass 30 s).
 */
export const withEdgeWait = (marginMs: number) => 30_000 + marginMs;
