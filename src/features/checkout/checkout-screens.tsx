/** The checkout area's lazily loaded screen (Stripe.js is loaded later still, only for a card payment). */
export { CheckoutScreen } from './CheckoutScreen.tsx';
