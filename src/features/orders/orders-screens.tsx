/** The orders area's lazily loaded screens: /my-orders and one order's detail. */
export { OrdersScreen } from './OrdersScreen.tsx';
export { OrderDetailScreen } from './OrderDetailScreen.tsx';
