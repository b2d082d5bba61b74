/**
 * Which menu section is in view, for the sticky section tabs: an
 * IntersectionObserver watches the menu's rendered rows (the list is
 * windowed, so rows come and go: each registers itself through `observe`)
 * against a band just under the sticky header and tabs; the topmost row in
 * the band names the section. Above the menu, the first section is the
 * one. A jump from a tab sets the section at once; the rows seen on the way
 * are looked at once the page has landed, and at the page's end a short
 * last section that was tapped stays marked.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Where the band starts: the screen's header (60 px) and the stuck tabs (52 px) above it. */
export const MENU_STUCK_TOP_PX = 112;
/** The band ends this far down the viewport, so a short last section is still seen. */
const BAND_BOTTOM = '-55%';
/** After a jump, the observer's reports of the rows passed on the way are not the customer's choice. */
const JUMP_HOLD_MS = 500;

export interface ActiveSection {
  active: string | null;
  /** A row's callback ref: its element carries data-section. */
  observe: (element: HTMLElement | null) => (() => void) | undefined;
  /** The section a tab jumped to. */
  jumpedTo: (section: string) => void;
}

export function useActiveSection(first: string | null, listRef: RefObject<HTMLElement | null>): ActiveSection {
  const [chosen, setChosen] = useState<string | null>(null);
  const inBand = useRef(new Set<HTMLElement>());
  const holdUntil = useRef(0);
  const jumped = useRef<string | null>(null);
  const [observer, setObserver] = useState<IntersectionObserver | null>(null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const seen = inBand.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pick = () => {
      const sections = new Set<string>();
      let top: HTMLElement | null = null;
      let topY = Infinity;
      for (const element of seen) {
        if (!element.isConnected) {
          seen.delete(element);
          continue;
        }
        const rect = element.getBoundingClientRect();
        // A row only touching the band's edge is the one before it.
        if (rect.bottom <= MENU_STUCK_TOP_PX + 2) continue;
        if (element.dataset.section) sections.add(element.dataset.section);
        if (rect.top < topY) {
          topY = rect.top;
          top = element;
        }
      }
      // At the end of the page a short last section cannot reach the band's top: the tab tapped stays marked.
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atEnd && jumped.current !== null && sections.has(jumped.current)) setChosen(jumped.current);
      else if (top?.dataset.section) setChosen(top.dataset.section);
      else if (seen.size === 0 && (listRef.current?.getBoundingClientRect().top ?? 0) > MENU_STUCK_TOP_PX) setChosen(null);
    };
    const next = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const element = entry.target as HTMLElement;
          if (entry.isIntersecting) seen.add(element);
          else seen.delete(element);
        }
        clearTimeout(timer);
        const wait = holdUntil.current - performance.now();
        // Rows passed on the way to a tapped section are looked at once the page has landed.
        if (wait > 0) timer = setTimeout(pick, wait);
        else pick();
      },
      { rootMargin: `-${MENU_STUCK_TOP_PX}px 0px ${BAND_BOTTOM} 0px` },
    );
    setObserver(next);
    return () => {
      clearTimeout(timer);
      next.disconnect();
      seen.clear();
    };
  }, [listRef]);

  const observe = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      return () => {
        observer.unobserve(element);
        inBand.current.delete(element);
      };
    },
    [observer],
  );

  const jumpedTo = useCallback((section: string) => {
    holdUntil.current = performance.now() + JUMP_HOLD_MS;
    jumped.current = section;
    setChosen(section);
  }, []);

  return { active: chosen ?? first, observe, jumpedTo };
}
