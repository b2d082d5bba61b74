/**
 * /delivery/*: the drivers' area, its own lazily loaded module with its own
 * routes and its own light or dark look (setting deliveryAppLightMode).
 */
import { Route, Routes } from 'react-router-dom';
import type { TextKey } from '../../api/texts.ts';
import { useSettings, useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';
import { NotFoundScreen } from '../system/NotFoundScreen.tsx';
import './delivery.css';

function DeliveryScreen({ title }: { title: TextKey }) {
  return <ComingScreen title={useT()(title)} />;
}

export function DeliveryArea() {
  const light = useSettings().on('deliveryAppLightMode');
  return (
    <div className="delivery-area" data-theme={light ? 'light' : 'dark'} data-testid="delivery-area">
      <Routes>
        <Route index element={<DeliveryScreen title="screenDeliveryHome" />} />
        <Route path="login" element={<DeliveryScreen title="screenDeliveryLogin" />} />
        <Route path="orders" element={<DeliveryScreen title="screenDeliveryOrders" />} />
        <Route path="orders/:unique_order_id" element={<DeliveryScreen title="screenDeliveryOrder" />} />
        <Route path="completed-orders" element={<DeliveryScreen title="screenDeliveryCompleted" />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </div>
  );
}
