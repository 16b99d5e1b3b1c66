import { usePathname } from 'wouter/use-browser-location';

/**
 * The app's history: wouter's browser location, with every entry numbered (`history.state.idx`, 0 for the page
 * the visit started on) so that a back control knows whether there is an in-app page to go back to.
 */
interface AppHistoryState {
  idx: number;
}

export function historyIndex(): number {
  const idx = (window.history.state as Partial<AppHistoryState> | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/** Goes to `to` (path and search). Going to the page already shown replaces it instead of stacking a copy. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}) {
  const same = to === window.location.pathname + window.location.search;
  const state: AppHistoryState = { idx: historyIndex() + (replace || same ? 0 : 1) };
  if (replace || same) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
}

/** One step back in the app, or to `fallback` when the visit started on this page (a deep link). */
export function goBack(fallback: string) {
  if (historyIndex() > 0) window.history.back();
  else navigate(fallback);
}

/** wouter's location hook (`<Router hook>`): the browser's path, and the numbering `navigate`. */
export function useAppLocation(): [string, typeof navigate] {
  return [usePathname(), navigate];
}
