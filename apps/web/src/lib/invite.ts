import { useSearch } from 'wouter';

/**
 * The invite code of an invitation link survives every step to the first sign-in (SPEC.md point 4): it is kept
 * in local storage when a page with `?invite=` opens, so a wallet connect, a reconnect (which reloads the page),
 * a tab without the parameter or any sign-in dialog still finds it; a completed sign-in forgets it.
 */
const INVITE_KEY = 'inviteCode';
/** A code the server answered 81001 for (no such referrer): never offered again, from storage or a link. */
const REFUSED_KEY = 'inviteRefused';
const INVITE_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;

export function rememberInvite(code: string | null | undefined) {
  const trimmed = code?.trim();
  if (!trimmed || !INVITE_PATTERN.test(trimmed) || isRefused(trimmed)) return;
  try {
    localStorage.setItem(INVITE_KEY, trimmed);
  } catch {
    // Storage refused (private mode): the URL still carries the code.
  }
}

export function storedInvite(): string | null {
  try {
    return localStorage.getItem(INVITE_KEY);
  } catch {
    return null;
  }
}

function isRefused(code: string): boolean {
  try {
    return localStorage.getItem(REFUSED_KEY) === code;
  } catch {
    return false;
  }
}

/** The server knows no referrer of this code: forget it, and do not take it again from the link. */
export function refuseInvite(code: string) {
  forgetInvite();
  try {
    localStorage.setItem(REFUSED_KEY, code);
  } catch {
    // nothing kept
  }
}

export function forgetInvite() {
  try {
    localStorage.removeItem(INVITE_KEY);
  } catch {
    // nothing kept
  }
}

/** The invite code of the page's `?invite=` (remembered), else the one remembered earlier; null when none. */
export function inviteCodeOf(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get('invite')?.trim();
  if (fromUrl && !isRefused(fromUrl)) {
    rememberInvite(fromUrl);
    return fromUrl;
  }
  return storedInvite();
}

/** The `?invite=` to carry across tabs (SPEC.md point 2); '' when there is none. */
export function useInviteSearch(): string {
  const invite = inviteCodeOf(useSearch());
  return invite ? `?${new URLSearchParams({ invite })}` : '';
}

/** The invitation link of a user: the app's address with `?invite=<code>`. */
export function inviteLink(code: string, origin = window.location.origin, base = import.meta.env.BASE_URL ?? '/') {
  return `${origin}${base}?${new URLSearchParams({ invite: code })}`;
}
