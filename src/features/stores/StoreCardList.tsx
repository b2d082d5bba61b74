import type { OrderTypePreference } from '../../api/constants.ts';
import type { StoreRow } from '../../db/schema.ts';
import { StoreCard } from './StoreCard.tsx';

export function StoreCardList({
  stores,
  orderType,
  headingLevel,
}: {
  stores: readonly StoreRow[];
  orderType: OrderTypePreference;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="store-card-list" data-testid="store-card-list">
      {stores.map((store) => (
        <li key={store.id}>
          <StoreCard store={store} orderType={orderType} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
