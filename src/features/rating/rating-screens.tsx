import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /rate-order/:id */
export function RateOrderScreen() {
  return <ComingScreen title={useT()('screenRateOrder')} />;
}

/** /reviews/:slug */
export function ReviewsScreen() {
  return <ComingScreen title={useT()('screenReviews')} />;
}
