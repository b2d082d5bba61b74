import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /search-location and /my-location: choosing the address (filled by the location issue). */
export function SearchLocationScreen() {
  return <ComingScreen title={useT()('screenSearchLocation')} />;
}
