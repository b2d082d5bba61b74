/**
 * Where a delivery goes: the customer's saved addresses (the address
 * picker, which greys out those beyond the store's radius) and the current
 * location the app browses from; for self pickup, the store to collect at.
 */
import { useId } from 'react';
import type { AddressRow, SavedAddressRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import type { DeliveryArea } from '../../lib/geo-distance.ts';
import { formatHeaderAddress } from '../../lib/truncate.ts';
import { AddressPicker } from '../addresses/AddressPicker.tsx';
import type { AddressChoice } from './checkout-choices.ts';

interface DeliveryAddressChoiceProps {
  choice: AddressChoice;
  currentAddress: AddressRow | null;
  area: DeliveryArea | undefined;
  onSelect(id: number | 'current'): void;
}

export function DeliveryAddressChoice({ choice, currentAddress, area, onSelect }: DeliveryAddressChoiceProps) {
  const t = useT();
  const name = useId();
  const current = currentAddress ? formatHeaderAddress(currentAddress, t('checkoutCurrentLocation')) : null;
  return (
    <section className="checkout-section checkout-address" aria-label={t('deliverTo')}>
      <AddressPicker
        selectedId={typeof choice.selected === 'number' ? choice.selected : null}
        onSelect={(address: SavedAddressRow) => onSelect(address.id)}
        deliverableFrom={area}
      />
      {current && (
        <label className={`address-option checkout-current-address${choice.currentOutside ? ' is-outside' : ''}`} data-testid="current-address-option">
          <input
            type="radio"
            name={name}
            checked={choice.selected === 'current'}
            disabled={choice.currentOutside}
            onChange={() => onSelect('current')}
          />
          <span className="address-option-text">
            <span className="address-option-tag">{t('checkoutCurrentLocation')}</span>
            {current.house && <span className="address-option-house">{current.house}</span>}
            <span className="address-option-line">{current.address}</span>
            {choice.currentOutside && <span className="address-option-outside">{t('addressPickerOutside')}</span>}
          </span>
        </label>
      )}
      {choice.address === null && (
        <p className="checkout-problem" role="alert" data-testid="address-needed">
          {t('errorAddressRequired')}
        </p>
      )}
    </section>
  );
}
