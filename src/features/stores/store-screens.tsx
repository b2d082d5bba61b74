import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /categories/stores */
export function CategoryStoresScreen() {
  return <ComingScreen title={useT()('screenCategoryStores')} />;
}

/** /stores/:city?/:restaurant and /stores/:city/:restaurant/:id (an item open). */
export function StoreScreen() {
  return <ComingScreen title={useT()('screenStore')} />;
}
