/** The stores area's lazily loaded screens. */
export { CategoryStoresScreen } from './CategoryStoresScreen.tsx';
export { StoreScreen } from './StoreScreen.tsx';
