/**
 * /delivery/*: the drivers' area, its own lazily loaded module with its own
 * routes and its own light or dark look (setting deliveryAppLightMode).
 * Everything but the sign-in page needs a signed-in driver (DriverLayout).
 */
import { Route, Routes } from 'react-router-dom';
import { useSettings } from '../../base/settings-and-language.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { CompletedOrdersScreen } from './CompletedOrdersScreen.tsx';
import { DriverHomeScreen } from './DriverHomeScreen.tsx';
import { DriverLayout } from './DriverLayout.tsx';
import { DriverLoginScreen } from './DriverLoginScreen.tsx';
import { DriverOrderScreen } from './DriverOrderScreen.tsx';
import { DriverOrdersScreen } from './DriverOrdersScreen.tsx';
import '../../ui/grouped-list.css';
import './delivery.css';

export function DeliveryArea() {
  const light = useSettings().on('deliveryAppLightMode');
  return (
    <div className="delivery-area" data-theme={light ? 'light' : 'dark'} data-testid="delivery-area">
      <Routes>
        <Route path="login" element={<DriverLoginScreen />} />
        <Route element={<DriverLayout />}>
          <Route index element={<DriverHomeScreen />} />
          <Route path="orders" element={<DriverOrdersScreen />} />
          <Route path="orders/:unique_order_id" element={<DriverOrderScreen />} />
          <Route path="completed-orders" element={<CompletedOrdersScreen />} />
        </Route>
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </div>
  );
}
