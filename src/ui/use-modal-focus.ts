/**
 * What a modal owes the keyboard: focus moves in when it opens (to `initial`,
 * else the first control, else the modal itself), Tab and Shift+Tab cycle
 * inside it, and when it goes the focus returns to the control that opened
 * it (the one focused before), if that is still on the page.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The modal's controls a person can tab to, in order (hidden ones left out). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

export function useModalFocus(modal: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = modal.current;
    if (!container) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const target = initial?.current ?? focusableIn(container)[0] ?? container;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      // A dialog opened over this one (a confirmation) keeps the keyboard to itself.
      const active = document.activeElement;
      const otherModal = active instanceof Element ? active.closest('[aria-modal="true"]') : null;
      if (otherModal && otherModal !== container) return;
      const items = focusableIn(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const inside = active instanceof Node && container.contains(active);
      if (event.shiftKey && (!inside || active === first || active === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // On the document, so a Tab that starts from outside (focus lost to the body) is caught too.
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
    // The modal and its first focus are set once, when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
