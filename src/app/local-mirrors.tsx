import { useEffect } from 'react';
import { PrefKey } from '../db/schema.ts';
import { orderTypeOf } from '../features/stores/saved-list.ts';
import { LocalKey, writeLocal } from '../lib/local-storage-keys.ts';
import { useCurrentAddress, usePref } from '../base/hooks/use-replica-rows.ts';

/**
 * Keeps the address and location mirrors that survive the forced cache clear
 * (spec §4), and the order type's, which with the address tells boot whether
 * the home snapshot is for the list the home would show.
 */
export function LocalMirrors() {
  const address = useCurrentAddress();
  const orderType = usePref(PrefKey.orderType);
  useEffect(() => {
    if (address === undefined) return;
    writeLocal(LocalKey.address, address ? JSON.stringify(address) : null);
    writeLocal(LocalKey.location, address ? JSON.stringify({ lat: address.lat, lng: address.lng }) : null);
  }, [address]);
  useEffect(() => {
    if (orderType !== undefined) writeLocal(LocalKey.orderType, orderTypeOf(orderType));
  }, [orderType]);
  return null;
}
