import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /admin/*: the administrator's area, its own lazily loaded module (STYLE habit 4). */
export function AdminArea() {
  return <ComingScreen title={useT()('screenAdmin')} />;
}
