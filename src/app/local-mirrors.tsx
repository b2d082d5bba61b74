import { useEffect } from 'react';
import { LocalKey, writeLocal } from '../lib/local-storage-keys.ts';
import { useCurrentAddress } from './hooks/use-replica-rows.ts';

/** Keeps the address and location mirrors that survive the forced cache clear (spec §4). */
export function LocalMirrors() {
  const address = useCurrentAddress();
  useEffect(() => {
    if (address === undefined) return;
    writeLocal(LocalKey.address, address ? JSON.stringify(address) : null);
    writeLocal(LocalKey.location, address ? JSON.stringify({ lat: address.lat, lng: address.lng }) : null);
  }, [address]);
  return null;
}
