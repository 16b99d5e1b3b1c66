/**
 * The operator's session token, in sessionStorage: it dies with the tab, and a second tab signs in on its own.
 * Listeners hear sign-in and sign-out (including a 401 from any call) so the shell can swap screens.
 */
const KEY = 'aidf-console-token';
const listeners = new Set<() => void>();

export function sessionToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function setSessionToken(token: string | null) {
  if (token) sessionStorage.setItem(KEY, token);
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
