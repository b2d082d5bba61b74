/**
 * The saved addresses as radio options, for a screen that needs one (the
 * checkout). Read from the replica and refreshed once when shown; with a
 * store's delivery circle, an address outside it is shown but cannot be
 * chosen (place-order would refuse it: OUT_OF_DELIVERY_AREA). "Add new
 * address" opens /my-addresses' add form and comes back here after saving,
 * with the new address selected when it can be delivered to.
 */
import { useEffect, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import type { SavedAddressRow } from '../../db/schema.ts';
import { failureTextKey } from '../../lib/failure-text.ts';
import { isWithinDeliveryArea, type DeliveryArea } from '../../lib/geo-distance.ts';
import { formatHeaderAddress } from '../../lib/truncate.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { addAddressPath, savedAddressIdOf } from './return-path.ts';
import { useSavedAddresses } from './use-saved-addresses.ts';
import '../../ui/grouped-list.css';
import './addresses.css';

export interface AddressPickerProps {
  selectedId: number | null;
  onSelect(address: SavedAddressRow): void;
  /** The store's position and delivery radius: addresses farther away are disabled. */
  deliverableFrom?: DeliveryArea;
}

function isOutside(address: SavedAddressRow, area: DeliveryArea | undefined): boolean {
  return area !== undefined && !isWithinDeliveryArea(address, area);
}

export function AddressPicker({ selectedId, onSelect, deliverableFrom }: AddressPickerProps) {
  const t = useT();
  const { worker } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const view = useSavedAddresses();
  const groupName = useId();
  const { result } = useWorkerRefresh(`addresses:${view?.userId ?? ''}`, () => worker.refreshAddresses(), view?.signedIn === true);
  const returnedId = savedAddressIdOf(location.state);
  const returned = returnedId === null ? undefined : view?.addresses.find((address) => address.id === returnedId);

  // Back from adding an address: choose it once (when it can be delivered to), then forget it,
  // so a reload of the page does not choose it over what the user picked since.
  useEffect(() => {
    if (!returned) return;
    if (!isOutside(returned, deliverableFrom)) onSelect(returned);
    const state = { ...(location.state as Record<string, unknown>), savedAddressId: undefined };
    void navigate(`${location.pathname}${location.search}`, { replace: true, state });
    // The returned address arriving in the list is the one event that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned?.id]);

  const body = () => {
    if (view === null) return <Spinner label={t('loading')} />;
    if (!view.signedIn) return <p className="addresses-note">{t('addressesSignIn')}</p>;
    if (view.addresses.length === 0) {
      if (view.fetchedAt !== null) return <p className="addresses-note">{t('addressPickerEmpty')}</p>;
      if (result === null || result.ok) return <Spinner label={t('loading')} />;
      return (
        <p className="addresses-note" role="alert">
          {result.reason === 'offline' ? t('addressPickerOffline') : t(failureTextKey(result))}
        </p>
      );
    }
    return (
      <>
        <SavedNote fetchedAt={view.fetchedAt} testId="address-picker-saved-note" />
        <ul className="grouped-list address-options">
          {view.addresses.map((address) => {
            const outside = isOutside(address, deliverableFrom);
            const shown = formatHeaderAddress(address, t('defaultAddressTag'));
            return (
              <li key={address.id}>
                <label className={`address-option${outside ? ' is-outside' : ''}`} data-testid="address-option">
                  <input
                    type="radio"
                    name={groupName}
                    value={address.id}
                    checked={selectedId === address.id}
                    disabled={outside}
                    onChange={() => onSelect(address)}
                  />
                  <span className="address-option-text">
                    <span className="address-option-tag">
                      {shown.tag}
                      {address.is_default && <span className="saved-address-default">{t('addressesDefault')}</span>}
                    </span>
                    {shown.house && <span className="address-option-house">{shown.house}</span>}
                    <span className="address-option-line">{shown.address}</span>
                    {outside && <span className="address-option-outside">{t('addressPickerOutside')}</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </>
    );
  };

  return (
    <fieldset className="address-picker" data-testid="address-picker">
      <legend className="address-picker-legend">{t('deliverTo')}</legend>
      {body()}
      {view?.signedIn && (
        <Link className="button button-ghost address-picker-add" to={addAddressPath(`${location.pathname}${location.search}`)}>
          {t('addressPickerAddNew')}
        </Link>
      )}
    </fieldset>
  );
}
