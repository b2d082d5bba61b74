/** The visit number of this app start, from the stored count (anything unreadable counts as none). */
export function nextVisitCount(stored: unknown): number {
  const previous = typeof stored === 'number' && Number.isInteger(stored) && stored > 0 ? stored : 0;
  return previous + 1;
}

/**
 * The desktop landing shows the app in an iframe; that preview is not a visit
 * of its own, or every desktop visit would count twice.
 */
export function isFramedPreview(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent throws on access: we are framed.
    return true;
  }
}
