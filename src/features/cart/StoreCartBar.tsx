/** On a store page whose dishes are in the cart: "View cart · 3 items · $24.00", leading to /cart. */
import { Link } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { useCartMeta } from './use-cart.ts';
import './cart.css';

export function StoreCartBar({ storeId }: { storeId: number }) {
  const t = useT();
  const money = useMoney();
  const meta = useCartMeta();
  if (!meta || meta.store?.id !== storeId || meta.productQuantity <= 0) return null;
  const count = meta.productQuantity;
  return (
    <div className="store-cart-bar">
      <Link className="button button-primary button-large store-cart-link" to="/cart" data-testid="store-cart-bar">
        <span>{t('cartBarView')}</span>
        <span className="store-cart-facts">
          {count === 1 ? t('cartBarItemsOne') : t('cartBarItems', { count })} · {money(meta.totalPrice)}
        </span>
      </Link>
    </div>
  );
}
