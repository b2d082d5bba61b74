import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /pages/:slug: content pages. */
export function ContentPageScreen() {
  return <ComingScreen title={useT()('screenPage')} />;
}
