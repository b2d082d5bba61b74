/**
 * The menu's sections as a horizontally scrolling bar that sticks under the
 * screen's header: the section in view is marked (aria-current), and a tap
 * (or Enter) jumps to its heading. The active tab is kept in the bar's view
 * as the page scrolls, in either direction of text.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../base/settings-and-language.tsx';
import type { MenuSectionTab } from './menu-rows.ts';

interface MenuTabsProps {
  sections: readonly MenuSectionTab[];
  active: string | null;
  onJump(section: MenuSectionTab): void;
}

export function MenuTabs({ sections, active, onJump }: MenuTabsProps) {
  const t = useT();
  const barRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const bar = barRef.current;
    const tab = bar?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!bar || !tab || typeof bar.scrollBy !== 'function') return;
    const barRect = bar.getBoundingClientRect();
    const tabRect = tab.getBoundingClientRect();
    const margin = 16;
    // Deltas of the screen's coordinates scroll the same way in LTR and RTL.
    if (tabRect.left < barRect.left + margin) bar.scrollBy({ left: tabRect.left - barRect.left - margin });
    else if (tabRect.right > barRect.right - margin) bar.scrollBy({ left: tabRect.right - barRect.right + margin });
  }, [active]);

  return (
    <nav className="menu-tabs" aria-label={t('menuSections')} data-testid="menu-tabs">
      <ul ref={barRef} className="menu-tabs-list">
        {sections.map((section) => (
          <li key={section.key}>
            <button
              type="button"
              className="menu-tab"
              aria-current={section.key === active ? 'true' : undefined}
              onClick={() => onJump(section)}
            >
              <bdi>{section.title}</bdi>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
