import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Place } from '../../../../src/api/entities.ts';
import type { SyncWorkerApi } from '../../../../src/api/worker-api.ts';
import { AppProviders } from '../../../../src/app/App.tsx';
import { placeSearchKey } from '../../../../src/db/keys.ts';
import type { SavedAddressRow } from '../../../../src/db/schema.ts';
import { AddressPicker, type AddressPickerProps } from '../../../../src/features/addresses/AddressPicker.tsx';
import { AddressesScreen } from '../../../../src/features/addresses/addresses-screens.tsx';
import { createServiceWorkerDouble, createWorkerDouble } from '../../support/doubles.ts';
import { buildReplica } from '../../support/replica-fixture.ts';
import { putAddresses, savedAddress, signIn } from './fixtures.ts';

const SLOW = { timeout: 5000 };
/** Near Market Square. */
const HOME = savedAddress({ id: 1, latitude: 40.4412, longitude: -79.9951, address: '12 Market Street, Riverton', house: 'Apartment 4B', tag: 'Home', is_default: true });
/** About 3.3 km north of the store. */
const FAR = savedAddress({ id: 2, latitude: 40.47, longitude: -79.9959, address: 'Hilltop Road 40, Upper Riverton District', tag: null });
const STORE = { latitude: 40.4406, longitude: -79.9959, radiusKm: 3 };
const MILL_STREET: Place = { name: '7 Mill Street, Riverton', latitude: 40.4431, longitude: -79.9902, kind: 'place' };

/** What the checkout does with the picker: keeps the choice and shows it. */
function CheckoutProbe({ onSelect, deliverableFrom }: { onSelect: (address: SavedAddressRow) => void } & Pick<AddressPickerProps, 'deliverableFrom'>) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  return (
    <>
      <AddressPicker
        selectedId={selectedId}
        deliverableFrom={deliverableFrom}
        onSelect={(address) => {
          setSelectedId(address.id);
          onSelect(address);
        }}
      />
      <p data-testid="chosen">{selectedId ?? 'none'}</p>
    </>
  );
}

async function renderPicker(options: { signedIn?: boolean; addresses?: ReturnType<typeof savedAddress>[] | null; deliverableFrom?: AddressPickerProps['deliverableFrom']; worker?: Partial<SyncWorkerApi> } = {}) {
  const db = await buildReplica();
  const worker = createWorkerDouble(db, options.worker);
  if (options.signedIn ?? true) await signIn(db);
  if (options.addresses !== null) await putAddresses(db, options.addresses ?? [HOME, FAR]);
  const onSelect = vi.fn();
  render(
    <AppProviders services={{ db, worker, serviceWorker: createServiceWorkerDouble(), reloadPage: () => {} }}>
      <MemoryRouter initialEntries={['/checkout']}>
        <Routes>
          <Route path="/checkout" element={<CheckoutProbe onSelect={onSelect} deliverableFrom={options.deliverableFrom} />} />
          <Route path="/my-addresses" element={<AddressesScreen />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { db, worker, onSelect };
}

describe('address picker', () => {
  it('offers the saved addresses as radio options, default first, and reports the one chosen', async () => {
    const { worker, onSelect } = await renderPicker();
    const group = await screen.findByRole('group', { name: 'Deliver to' }, SLOW);
    const radios = await within(group).findAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    const options = screen.getAllByTestId('address-option');
    expect(options[0]).toHaveTextContent('HomeDefault');
    // Spec §5 cut and the default tag text, as on /my-addresses.
    expect(options[1]).toHaveTextContent('Current location');
    expect(options[1]).toHaveTextContent('Hilltop Road 40, Upper Ri…');

    await userEvent.click(within(group).getByRole('radio', { name: /Current location/ }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: FAR.id, address: FAR.address }));
    expect(within(group).getByRole('radio', { name: /Current location/ })).toBeChecked();
    expect(screen.getByTestId('chosen')).toHaveTextContent(String(FAR.id));
    await userEvent.click(within(group).getByRole('radio', { name: /Home/ }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: HOME.id }));
    expect(within(group).getByRole('radio', { name: /Current location/ })).not.toBeChecked();
    await waitFor(() => expect(worker.refreshAddresses).toHaveBeenCalled());
  });

  it("disables an address outside the store's delivery area and says why", async () => {
    const { onSelect } = await renderPicker({ deliverableFrom: STORE });
    const far = await screen.findByRole('radio', { name: /Current location/ }, SLOW);
    expect(far).toBeDisabled();
    expect(screen.getAllByTestId('address-option')[1]).toHaveTextContent("Outside this store’s delivery area");
    const home = screen.getByRole('radio', { name: /Home/ });
    expect(home).toBeEnabled();
    expect(screen.getAllByTestId('address-option')[0]).not.toHaveTextContent('Outside');
    await userEvent.click(far);
    expect(onSelect).not.toHaveBeenCalled();
    expect(far).not.toBeChecked();
  });

  it('a wider radius takes the same address in', async () => {
    await renderPicker({ deliverableFrom: { ...STORE, radiusKm: 3.3 } });
    expect(await screen.findByRole('radio', { name: /Current location/ }, SLOW)).toBeEnabled();
  });

  it('"Add new address" comes back to the checkout after saving, with the new address chosen', async () => {
    const { worker, db, onSelect } = await renderPicker({ addresses: [HOME] });
    const add = await screen.findByRole('link', { name: 'Add new address' }, SLOW);
    expect(add).toHaveAttribute('href', '/my-addresses?add=1&return=%2Fcheckout');
    await userEvent.click(add);

    await db.placeSearches.put({ key: placeSearchKey('mill'), query: 'mill', places: [MILL_STREET], fetchedAt: Date.now() });
    await userEvent.type(await screen.findByRole('searchbox'), 'mill');
    await userEvent.click(await screen.findByRole('button', { name: MILL_STREET.name }));
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(worker.saveAddress).toHaveBeenCalledWith(expect.objectContaining({ address: MILL_STREET.name, tag: 'Work' }));

    const group = await screen.findByRole('group', { name: 'Deliver to' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: /Work/ })).toBeChecked());
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ address: MILL_STREET.name, tag: 'Work', is_default: false }));
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
  });

  it('a new address outside the delivery area is listed but not chosen', async () => {
    const { db, onSelect } = await renderPicker({ addresses: [HOME], deliverableFrom: { ...STORE, radiusKm: 0.1 } });
    await userEvent.click(await screen.findByRole('link', { name: 'Add new address' }, SLOW));
    await db.placeSearches.put({ key: placeSearchKey('mill'), query: 'mill', places: [MILL_STREET], fetchedAt: Date.now() });
    await userEvent.type(await screen.findByRole('searchbox'), 'mill');
    await userEvent.click(await screen.findByRole('button', { name: MILL_STREET.name }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save address' }));
    const group = await screen.findByRole('group', { name: 'Deliver to' });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
  });

  it('says when there are no saved addresses, and when they cannot be loaded offline', async () => {
    await renderPicker({ addresses: [] });
    expect(await screen.findByText('You have no saved addresses yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Add new address' })).toBeInTheDocument();
  });

  it('offline with nothing saved on the device, says so', async () => {
    await renderPicker({ addresses: null, worker: { refreshAddresses: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    // Found by its words: the picker has no boot gate before it here, and may show before the texts are read.
    expect(await screen.findByText('You are offline and no saved addresses are on this device yet.', {}, SLOW)).toHaveAttribute('role', 'alert');
  });
});
