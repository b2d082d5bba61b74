/**
 * The app scrolls to the top on every route change (spec §2), and opening an
 * item is a route change: the menu remembers where it was so closing the item
 * returns there.
 */
let saved: number | null = null;

export function rememberMenuScroll(): void {
  saved = window.scrollY;
}

export function restoreMenuScroll(): void {
  if (saved === null) return;
  const y = saved;
  saved = null;
  requestAnimationFrame(() => window.scrollTo(0, y));
}
