/** Waits while a fixed limit window is about to turn, so a test's burst is counted in one window. */
export async function awayFromWindowEdge(windowMs: number, marginMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
