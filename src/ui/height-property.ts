/**
 * Keeps a CSS custom property on the root at an element's rendered height,
 * so sticky and fixed parts elsewhere stand clear of it whatever its content
 * wraps to (a console bar on a phone, the prompt dock).
 */

/**
 * Writes `property` on the root as the element's height in px, plus `extra`
 * when the element has any height, and 0px when it has none; keeps it current
 * while the element resizes. Answers the clean-up, which removes the property.
 */
export function keepHeightInProperty(element: HTMLElement, property: string, extra = 0): () => void {
  const root = document.documentElement;
  const write = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    root.style.setProperty(property, `${height > 0 ? height + extra : 0}px`);
  };
  write();
  if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(property);
  const observer = new ResizeObserver(write);
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty(property);
  };
}
