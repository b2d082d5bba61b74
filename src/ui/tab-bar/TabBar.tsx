/**
 * The bottom tab bar (spec §2): real links with accessible names, the active
 * one marked with aria-current by NavLink, badges from the replica, a short
 * press animation, and the configured float or fixed style.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import { TAB_PRESS_ANIMATION_MS } from '../../api/constants.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { BagIcon, BellIcon, CompassIcon, PinIcon, UserIcon } from '../icons.tsx';
import { useCartQuantity, useUnreadAlertCount } from '../../base/hooks/use-replica-rows.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import './tab-bar.css';

interface Tab {
  id: string;
  to: string;
  label: TextKey;
  Icon: ComponentType;
}

const TABS: readonly Tab[] = [
  { id: 'near-me', to: '/', label: 'tabNearMe', Icon: PinIcon },
  { id: 'alerts', to: '/alerts', label: 'tabAlerts', Icon: BellIcon },
  { id: 'explore', to: '/explore', label: 'tabExplore', Icon: CompassIcon },
  { id: 'cart', to: '/cart', label: 'tabCart', Icon: BagIcon },
  { id: 'account', to: '/my-account', label: 'tabAccount', Icon: UserIcon },
];

export type TabBarStyle = 'float' | 'fixed';

export function tabBarStyleFrom(footerStyleType: string): TabBarStyle {
  return footerStyleType.trim().toUpperCase() === 'FLOAT' ? 'float' : 'fixed';
}

/** The number on the icon is for the eye; screen readers hear ", N unread" after the tab's name. */
function Badge({ tabId, count }: { tabId: string; count: number }) {
  if (count <= 0) return null;
  return (
    <span className="tab-badge" data-testid={`tab-badge-${tabId}`} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function TabBar() {
  const t = useT();
  const settings = useSettings();
  const unreadAlerts = useUnreadAlertCount();
  const cartQuantity = useCartQuantity();
  const [pressedTab, setPressedTab] = useState<string | null>(null);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pressTimer.current), []);

  const press = (tabId: string) => {
    clearTimeout(pressTimer.current);
    setPressedTab(tabId);
    pressTimer.current = setTimeout(() => setPressedTab(null), TAB_PRESS_ANIMATION_MS);
  };

  const style = tabBarStyleFrom(settings.get('footerStyleType'));
  const badges: Record<string, { count: number; label: string }> = {
    alerts: { count: unreadAlerts, label: t('unreadAlertsBadge', { count: unreadAlerts }) },
    cart: { count: cartQuantity, label: t('cartItemsBadge', { count: cartQuantity }) },
  };

  return (
    <nav className={`tab-bar tab-bar--${style}`} data-style={style} data-testid="tab-bar" aria-label={t('mainNavigation')}>
      <ul className="tab-bar-list">
        {TABS.map(({ id, to, label, Icon }) => (
          <li key={id}>
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) => `tab${isActive ? ' is-active' : ''}${pressedTab === id ? ' is-pressed' : ''}`}
              data-testid={`tab-${id}`}
              onClick={() => press(id)}
            >
              <span className="tab-icon">
                <Icon />
                {badges[id] && <Badge tabId={id} count={badges[id].count} />}
              </span>
              <span className="tab-label">{t(label)}</span>
              {badges[id] && badges[id].count > 0 && <span className="visually-hidden">, {badges[id].label}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
