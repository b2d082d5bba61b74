import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

export { ReviewsScreen } from './ReviewsScreen.tsx';

/** /rate-order/:id */
export function RateOrderScreen() {
  return <ComingScreen title={useT()('screenRateOrder')} />;
}
