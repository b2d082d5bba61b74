import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /running-order/:unique_order_id */
export function RunningOrderScreen() {
  return <ComingScreen title={useT()('screenRunningOrder')} />;
}
