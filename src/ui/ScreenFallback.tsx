import { useScreenStillLoading } from '../lib/first-screen.ts';
import { Spinner } from './Spinner.tsx';
import { useT } from '../base/settings-and-language.tsx';

/** What shows while a screen's code loads (bounded by the lazy-screen time-out). */
export function ScreenFallback() {
  const t = useT();
  useScreenStillLoading();
  return (
    <div className="screen-fallback">
      <Spinner label={t('loading')} />
    </div>
  );
}
