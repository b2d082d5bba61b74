import type { OrderTypePreference } from '../../api/constants.ts';
import type { StoreRow } from '../../db/schema.ts';
import { StoreCard } from './StoreCard.tsx';

export function StoreCardList({ stores, orderType }: { stores: readonly StoreRow[]; orderType: OrderTypePreference }) {
  return (
    <ul className="store-card-list" data-testid="store-card-list">
      {stores.map((store) => (
        <li key={store.id}>
          <StoreCard store={store} orderType={orderType} />
        </li>
      ))}
    </ul>
  );
}
