/**
 * Every route of spec §2 but '/': this table and the lazy screens it names
 * are themselves loaded on demand, so the first route stays light.
 *
 * When the table loads, AppRoutes.tsx asks at once for the screen at the
 * current address (preloadScreenAt): the app opened on, say, /login starts
 * this table's import as its first script runs, so the screen's code
 * arrives while a first visit's settings and texts are still on their way,
 * not a round trip or two after them.
 */
import { createRoutesFromChildren, matchRoutes, Route, Routes, type Location } from 'react-router-dom';
import { NotFoundScreen } from '../ui/NotFoundScreen.tsx';
import type { LazyScreenComponent } from '../ui/lazy-screen.tsx';
import { TabbedLayout } from './TabbedLayout.tsx';
import * as Screens from './screens.ts';

const ROUTE_TABLE = (
  <>
    <Route element={<TabbedLayout />}>
      <Route path="alerts" element={<Screens.AlertsScreen />} />
      <Route path="explore" element={<Screens.ExploreScreen />} />
      <Route path="cart" element={<Screens.CartScreen />} />
      <Route path="my-account" element={<Screens.AccountScreen />} />
    </Route>
    <Route path="search-location" element={<Screens.SearchLocationScreen />} />
    <Route path="my-location" element={<Screens.SearchLocationScreen />} />
    <Route path="categories/stores" element={<Screens.CategoryStoresScreen />} />
    {/* A store card links /stores/{city}/{slug}; a store without a city is /stores/{slug}. */}
    <Route path="stores/:restaurant" element={<Screens.StoreScreen />} />
    <Route path="stores/:city/:restaurant" element={<Screens.StoreScreen />} />
    <Route path="stores/:city/:restaurant/:id" element={<Screens.StoreScreen />} />
    <Route path="login" element={<Screens.LoginScreen />} />
    <Route path="login/forgot-password" element={<Screens.ForgotPasswordScreen />} />
    <Route path="register" element={<Screens.RegisterScreen />} />
    <Route path="my-addresses" element={<Screens.AddressesScreen />} />
    <Route path="my-wallet" element={<Screens.WalletScreen />} />
    <Route path="my-orders" element={<Screens.OrdersScreen />} />
    <Route path="my-orders/:unique_order_id" element={<Screens.OrderDetailScreen />} />
    <Route path="my-favorite-stores" element={<Screens.FavoriteStoresScreen />} />
    <Route path="rate-order/:id" element={<Screens.RateOrderScreen />} />
    <Route path="reviews/:slug" element={<Screens.ReviewsScreen />} />
    <Route path="checkout" element={<Screens.CheckoutScreen />} />
    <Route path="running-order/:unique_order_id" element={<Screens.RunningOrderScreen />} />
    <Route path="pages/:slug" element={<Screens.ContentPageScreen />} />
    <Route path="auth/login-as-customer/:id?" element={<Screens.LoginAsCustomerScreen />} />
    <Route path="delivery/*" element={<Screens.DeliveryArea />} />
    <Route path="admin/*" element={<Screens.AdminArea />} />
    <Route path="*" element={<NotFoundScreen />} />
  </>
);

export function MoreRoutes() {
  return <Routes>{ROUTE_TABLE}</Routes>;
}

function isLazyScreen(type: unknown): type is LazyScreenComponent {
  return typeof type === 'function' && typeof (type as Partial<LazyScreenComponent>).preload === 'function';
}

/** Starts loading the code of the screen this table shows at `location`, if it is a lazy one. */
export function preloadScreenAt(location: Pick<Location, 'pathname'>): void {
  const matches = matchRoutes(createRoutesFromChildren(ROUTE_TABLE), location) ?? [];
  for (const { route } of matches) {
    const type: unknown = (route.element as { type?: unknown } | null | undefined)?.type;
    if (isLazyScreen(type)) type.preload();
  }
}
