/**
 * Where a screen sends the user back to after a detour: signing in from the
 * checkout (/login?next=/checkout), adding an address for the checkout
 * (/my-addresses?add=1&return=/checkout). Only paths of this app are
 * followed.
 */

/** The query parameter the sign-in and sign-up screens read: where to go once signed in. */
export const NEXT_PARAM = 'next';

/**
 * Only a path of this app: '/checkout' yes; 'https://…', '//host', '/\\host'
 * or 'javascript:' no (an open redirect could dress a phishing page as ours).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** `/login` or `/register` that comes back to `next` once signed in (nothing added for a path that is not the app's). */
export function withNextPath(path: '/login' | '/register', next: string | null | undefined): string {
  const safe = safeReturnPath(next);
  return safe ? `${path}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : path;
}

/** Where a sign-in reached with this query goes back to: its `next` when that is the app's own path (and not a sign-in screen), else null. */
export function nextPathFrom(search: string): string | null {
  const next = safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM));
  return next && !/^\/(login|register)(\/|\?|$)/.test(next) ? next : null;
}
