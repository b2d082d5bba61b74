/** The rating area's lazy chunk (src/app/screens.ts): rating an order, and a store's reviews. */
export { RateOrderScreen } from './RateOrderScreen.tsx';
export { ReviewsScreen } from './ReviewsScreen.tsx';
