/**
 * The console's sections: where each lives under /admin, its name in the
 * menu, who sees it, and its code, loaded when first opened so the console's
 * own first load stays small. Store owners see their live orders, their
 * stores and their orders; administrators see everything, for every store.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TextKey } from '../../api/language/texts.ts';
import type { ConsoleRole } from './console-session.tsx';

export interface ConsoleSection {
  /** Under /admin/; '' is the start page. */
  path: string;
  title: TextKey;
  roles: readonly ConsoleRole[];
  Screen: LazyExoticComponent<ComponentType>;
}

const adminOnly = ['admin'] as const;
const everyone = ['admin', 'store_owner'] as const;

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { path: 'dashboard', title: 'consoleDashboard', roles: adminOnly, Screen: lazy(() => import('./dashboard/DashboardSection.tsx')) },
  { path: 'live-orders', title: 'consoleLiveOrders', roles: everyone, Screen: lazy(() => import('./live-orders/LiveOrdersSection.tsx')) },
  { path: 'my-stores', title: 'consoleMyStores', roles: everyone, Screen: lazy(() => import('./my-stores/MyStoresSection.tsx')) },
  { path: 'orders', title: 'consoleOrders', roles: everyone, Screen: lazy(() => import('./orders/OrdersSection.tsx')) },
  { path: 'settings', title: 'consoleSettings', roles: adminOnly, Screen: lazy(() => import('./settings/SettingsSection.tsx')) },
  { path: 'languages', title: 'consoleLanguages', roles: adminOnly, Screen: lazy(() => import('./languages/LanguagesSection.tsx')) },
  { path: 'locations', title: 'consoleLocations', roles: adminOnly, Screen: lazy(() => import('./locations/LocationsSection.tsx')) },
  { path: 'stores', title: 'consoleStores', roles: adminOnly, Screen: lazy(() => import('./stores/StoresSection.tsx')) },
  { path: 'store-categories', title: 'consoleStoreCategories', roles: adminOnly, Screen: lazy(() => import('./store-categories/StoreCategoriesSection.tsx')) },
  { path: 'items', title: 'consoleItems', roles: adminOnly, Screen: lazy(() => import('./items/ItemsSection.tsx')) },
  { path: 'promo-sliders', title: 'consolePromoSliders', roles: adminOnly, Screen: lazy(() => import('./promo/PromoSlidersSection.tsx')) },
  { path: 'pages', title: 'consolePages', roles: adminOnly, Screen: lazy(() => import('./pages/PagesSection.tsx')) },
  { path: 'coupons', title: 'consoleCoupons', roles: adminOnly, Screen: lazy(() => import('./coupons/CouponsSection.tsx')) },
  { path: 'users', title: 'consoleUsers', roles: adminOnly, Screen: lazy(() => import('./users/UsersSection.tsx')) },
  { path: 'audit', title: 'consoleAudit', roles: adminOnly, Screen: lazy(() => import('./audit/AuditSection.tsx')) },
];

export function sectionsFor(role: ConsoleRole): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => section.roles.includes(role));
}

/** Where a role lands after signing in: the dashboard for administrators, the live orders for store owners. */
export function startPathFor(role: ConsoleRole): string {
  return role === 'admin' ? '/admin/dashboard' : '/admin/live-orders';
}
