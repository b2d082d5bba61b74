/** One cart line: what it is, its add-ons, its price (and whether it changed), the server's verdict, and its quantity. */
import type { Ref } from 'react';
import type { UnavailableReason } from '../../api/orders/limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { MAX_LINE_QUANTITY } from '../../api/orders/limits.ts';
import type { CartLineRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { DishImage } from '../../ui/DishImage.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';

const REASON_TEXT: Record<UnavailableReason, TextKey> = {
  INACTIVE: 'cartReasonInactive',
  NOT_FOUND: 'cartReasonNotFound',
  ADDONS_CHANGED: 'cartReasonAddonsChanged',
  WRONG_STORE: 'cartReasonWrongStore',
};

export function lineName(line: CartLineRow): string {
  return line.name ?? `#${line.itemId}`;
}

interface CartLineItemProps {
  line: CartLineRow;
  onQuantity(line: CartLineRow, quantity: number): void;
  onRemove(line: CartLineRow): void;
  removeRef?: Ref<HTMLButtonElement>;
}

export function CartLineItem({ line, onQuantity, onRemove, removeRef }: CartLineItemProps) {
  const t = useT();
  const money = useMoney();
  const name = lineName(line);
  const unavailable = line.verdict?.available === false;
  const priced = line.unitPrice !== undefined;
  return (
    <li className={`cart-line${unavailable ? ' cart-line-unavailable' : ''}`} data-testid="cart-line" data-line-id={line.id}>
      <DishImage src={line.image} />
      <div className="cart-line-text">
        <h3 className="cart-line-name">{name}</h3>
        {line.addons.length > 0 && <p className="cart-line-addons">{line.addons.map((addon) => addon.name).join(', ')}</p>}
        {priced && <p className="cart-line-each">{t('cartEach', { price: money(line.unitPrice ?? 0) })}</p>}
        {priced && line.previousUnitPrice !== undefined && (
          <p className="cart-line-note cart-line-price-changed" data-testid="price-changed">
            {t('cartPriceChanged', { before: money(line.previousUnitPrice), after: money(line.unitPrice ?? 0) })}
          </p>
        )}
        {unavailable && (
          <p className="cart-line-note cart-line-reason" data-testid="unavailable-reason">
            {line.verdict?.reason ? t(REASON_TEXT[line.verdict.reason]) : t('cartItemInactive')}
          </p>
        )}
      </div>
      <div className="cart-line-controls">
        <QuantityStepper
          name={name}
          value={line.quantity}
          min={0}
          max={unavailable ? line.quantity : MAX_LINE_QUANTITY}
          cap={unavailable ? undefined : MAX_LINE_QUANTITY}
          onChange={(quantity) => (quantity === 0 ? onRemove(line) : onQuantity(line, quantity))}
        />
        {priced && <span className="cart-line-total">{money((line.unitPrice ?? 0) * line.quantity)}</span>}
        <button ref={removeRef} type="button" className="cart-line-remove" aria-label={t('cartRemoveLine', { name })} onClick={() => onRemove(line)}>
          {t('cartRemove')}
        </button>
      </div>
    </li>
  );
}
