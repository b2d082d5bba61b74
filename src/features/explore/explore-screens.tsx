import { useT } from '../../app/look.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** /explore: a tab-bar destination, so no back button. */
export function ExploreScreen() {
  const t = useT();
  return (
    <ScreenShell title={t('screenExplore')} topLevel>
      <EmptyState>{t('comingScreenBody')}</EmptyState>
    </ScreenShell>
  );
}
