/** The hook that keeps the home snapshot (home-snapshot.ts) in step with the screen. */
import { useEffect } from 'react';
import type { CategorySlide } from '../../api/entities.ts';
import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useLanguage, useSettings, useT } from '../../base/settings-and-language.tsx';
import { HOME_SNAPSHOT_STORES, HOME_SNAPSHOT_TEXTS, HOME_SNAPSHOT_VERSION, HOME_SNAPSHOT_WRITE_DELAY_MS, writeHomeSnapshot } from './home-snapshot.ts';
import type { HomeSliders, HomeStores } from './home-shapes.ts';

/**
 * Keeps the snapshot in step with what the home shows: cleared at once when
 * there is no list to paint, written a moment after the rows settle. Rows
 * still from the snapshot write it back unchanged.
 */
export function useHomeSnapshotWriter(home: HomeStores | undefined, sliders: HomeSliders, categorySlides: CategorySlide[]): void {
  const { values, fetchedAt } = useSettings();
  const t = useT();
  const language = useLanguage();
  const connectivity = useConnectivity();
  useEffect(() => {
    if (!home) return;
    const { saved } = home;
    if (!saved) {
      writeHomeSnapshot(null);
      return;
    }
    const write = () =>
      writeHomeSnapshot({
        version: HOME_SNAPSHOT_VERSION,
        language,
        saved: { list: saved.list, stores: saved.stores.slice(0, HOME_SNAPSHOT_STORES) },
        storeCount: home.storeCount ?? saved.stores.length,
        settings: values,
        settingsFetchedAt: fetchedAt,
        texts: Object.fromEntries(HOME_SNAPSHOT_TEXTS.map((key) => [key, t(key)])),
        sliders,
        categorySlides,
        connectivity,
      });
    const timer = setTimeout(write, HOME_SNAPSHOT_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [home, sliders, categorySlides, values, fetchedAt, t, language, connectivity]);
}
