import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Place } from '../../../../src/api/entities.ts';
import type { SyncFailure } from '../../../../src/api/worker-api.ts';
import { placeSearchKey } from '../../../../src/db/keys.ts';
import type { ReplicaDatabase, SavedAddressRow } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { putAddresses, savedAddress, signIn } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const HOME = savedAddress({
  id: 2,
  address: 'Market Street 12, Riverton Old Town, North Province',
  house: 'Flat 4B, The Long Building Name',
  tag: 'Home',
  is_default: true,
});
const WORK = savedAddress({ id: 1, address: 'Riverside Workshops', house: 'Unit 3', tag: 'Work' });
const UNTAGGED = savedAddress({ id: 3, address: 'North Park Gate', house: null, tag: null });
const MILL_STREET: Place = { name: '7 Mill Street, Riverton', latitude: 40.4431, longitude: -79.9902, kind: 'place' };

const offline: SyncFailure = { ok: false, reason: 'offline' };

// The screen loads lazily: transform it once up front, not inside the first test's wait.
beforeAll(async () => {
  await import('../../../../src/features/addresses/addresses-screens.tsx');
});

async function openList(options: Parameters<typeof renderApp>[0] = {}, addresses = [HOME, WORK, UNTAGGED]) {
  const app = await renderApp({ path: '/my-addresses', ...options });
  await signIn(app.db);
  await putAddresses(app.db, addresses);
  await screen.findByTestId('saved-addresses', {}, SLOW);
  return app;
}

function cards(): HTMLElement[] {
  return screen.getAllByTestId('saved-address');
}

function cardTagged(tag: string): HTMLElement {
  const card = cards().find((element) => within(element).getByTestId('saved-address-tag').textContent === tag);
  if (!card) throw new Error(`No card tagged ${tag}`);
  return card;
}

async function rows(db: ReplicaDatabase): Promise<SavedAddressRow[]> {
  return (await db.addresses.toArray()) as unknown as SavedAddressRow[];
}

describe('saved addresses (/my-addresses)', () => {
  it('asks a signed-out visitor to sign in, and asks the worker nothing', async () => {
    const { worker } = await renderApp({ path: '/my-addresses' });
    expect(await screen.findByRole('link', { name: 'Sign in' }, SLOW)).toHaveAttribute('href', '/login?next=%2Fmy-addresses');
    expect(screen.getByText('Sign in to see and save your addresses.')).toBeInTheDocument();
    expect(worker.refreshAddresses).not.toHaveBeenCalled();
  });

  it('lists the default first, cuts house and address as spec §5 says, and falls back to the default tag text', async () => {
    const { worker } = await openList();
    expect(cards().map((card) => within(card).getByTestId('saved-address-tag').textContent)).toEqual(['Home', 'Work', 'Current location']);
    const home = cardTagged('Home');
    expect(within(home).getByTestId('saved-address-house')).toHaveTextContent(/^Flat 4B, The Long Bu…$/);
    expect(within(home).getByTestId('saved-address-line')).toHaveTextContent(/^Market Street 12, Riverto…$/);
    expect(within(cardTagged('Work')).getByTestId('saved-address-line')).toHaveTextContent(/^Riverside Workshops$/);
    expect(within(cardTagged('Current location')).queryByTestId('saved-address-house')).toBeNull();
    // Only the default is marked, and only the others offer to become it.
    expect(screen.getAllByTestId('default-badge')).toHaveLength(1);
    expect(within(home).getByTestId('default-badge')).toHaveTextContent('Default');
    expect(within(home).queryByRole('button', { name: 'Make default' })).toBeNull();
    expect(within(cardTagged('Work')).getByRole('button', { name: 'Make default' })).toHaveAccessibleDescription('Work');
    await waitFor(() => expect(worker.refreshAddresses).toHaveBeenCalled());
  });

  it('makes another address the default', async () => {
    const { worker } = await openList();
    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Make default' }));
    expect(worker.setDefaultAddress).toHaveBeenCalledWith(WORK.id);
    await waitFor(() => expect(cards().map((card) => within(card).getByTestId('saved-address-tag').textContent)).toEqual(['Work', 'Home', 'Current location']));
    expect(within(cardTagged('Work')).getByTestId('default-badge')).toBeInTheDocument();
    expect(within(cardTagged('Home')).queryByTestId('default-badge')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Your default address changed.');
  });

  it('deletes only after the question is answered yes', async () => {
    const { worker, db } = await openList();
    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('Riverside Workshops will no longer be offered at checkout.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(worker.deleteAddress).not.toHaveBeenCalled();

    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete address' }));
    expect(worker.deleteAddress).toHaveBeenCalledWith(WORK.id);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByText('Riverside Workshops')).toBeNull();
    expect((await rows(db)).map((row) => row.id).sort()).toEqual([HOME.id, UNTAGGED.id]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Address deleted.');
  });

  it('offline, a change is refused in words and the list stays as it was', async () => {
    await openList({ worker: { setDefaultAddress: vi.fn(async () => offline), deleteAddress: vi.fn(async () => offline) } });
    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline, so nothing changed. Saved addresses change only online');
    expect(within(cardTagged('Home')).getByTestId('default-badge')).toBeInTheDocument();

    await userEvent.click(within(cardTagged('Home')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline, so nothing changed.');
  });

  it('offline, shows the saved list with its age', async () => {
    const { db } = await renderApp({
      path: '/my-addresses',
      connectivityError: 'offline',
      worker: { refreshAddresses: vi.fn(async () => offline) },
    });
    await signIn(db);
    await putAddresses(db, [HOME], Date.now() - 12 * 60_000);
    expect(await screen.findByTestId('saved-addresses', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('saved-note')).toHaveTextContent('Updated 12 min ago'));
  });

  it('shows the offline screen when the list was never fetched and the server is unreachable', async () => {
    const { db } = await renderApp({ path: '/my-addresses', worker: { refreshAddresses: vi.fn(async () => offline) } });
    await signIn(db);
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });

  it('says when there are none yet, and offers to add one', async () => {
    const { db } = await renderApp({ path: '/my-addresses' });
    await signIn(db);
    await putAddresses(db, []);
    expect(await screen.findByText('No saved addresses yet. Save one to check out faster.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });

  it('"Use this address" browses from it: the current address is set and home opens', async () => {
    const { worker, db } = await openList();
    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Use this address' }));
    expect(worker.setAddress).toHaveBeenCalledWith({
      lat: WORK.latitude,
      lng: WORK.longitude,
      address: 'Riverside Workshops',
      house: 'Unit 3',
      tag: 'Work',
      businessLocation: false,
    });
    await waitFor(() => expect(screen.queryByTestId('saved-addresses')).toBeNull());
    expect(await db.addresses.count()).toBe(3);
  });
});

describe('adding and editing an address', () => {
  async function searchAndPick(db: ReplicaDatabase, query: string, place: Place) {
    await db.placeSearches.put({ key: placeSearchKey(query), query, places: [place], fetchedAt: Date.now() });
    await userEvent.type(await screen.findByRole('searchbox'), query);
    await userEvent.click(await screen.findByRole('button', { name: place.name }));
  }

  it('finds the place by search, then saves it with a house and a tag', async () => {
    const { worker, db } = await openList({}, [HOME]);
    // As the worker does: the server's places land in the replica, and the screen reads them there.
    worker.searchPlaces.mockImplementation(async (query: string) => {
      await db.placeSearches.put({ key: placeSearchKey(query), query, places: [MILL_STREET], fetchedAt: Date.now() });
      return { ok: true as const, value: [MILL_STREET] };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByRole('heading', { name: 'Add an address' })).toHaveFocus();
    await userEvent.type(screen.getByRole('searchbox'), 'mill');
    await userEvent.click(await within(await screen.findByTestId('place-results')).findByRole('button', { name: MILL_STREET.name }));
    expect(worker.searchPlaces.mock.calls.map(([query]) => query)).toEqual(['mill']);

    const form = await screen.findByRole('form', { name: 'Add an address' });
    expect(within(form).getByTestId('address-form-place')).toHaveTextContent(MILL_STREET.name);
    expect(within(form).getByLabelText('Address')).toHaveValue(MILL_STREET.name);
    await userEvent.type(within(form).getByLabelText('House, flat or floor (optional)'), ' Flat 2 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Work' }));
    expect(within(form).getByRole('button', { name: 'Work' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).getByLabelText('Or type a label')).toHaveValue('Work');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(worker.saveAddress).toHaveBeenCalledWith({
      latitude: MILL_STREET.latitude,
      longitude: MILL_STREET.longitude,
      address: MILL_STREET.name,
      house: 'Flat 2',
      tag: 'Work',
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cardTagged('Work')).getByTestId('saved-address-line')).toHaveTextContent('7 Mill Street, Riverton');
    expect(within(cardTagged('Work')).getByTestId('saved-address-house')).toHaveTextContent('Flat 2');
    expect(screen.getByRole('status')).toHaveTextContent('Address saved.');
  });

  it('a popular location can be the place, and the address line can be made more exact', async () => {
    const { worker } = await openList({ popularLocations: [{ id: 1, name: 'Market Square', latitude: 40.4406, longitude: -79.9959, is_default: true }] }, [HOME]);
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Market Square' }));
    const line = await screen.findByLabelText('Address');
    await userEvent.clear(line);
    await userEvent.type(line, '3 Market Square');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(worker.saveAddress).toHaveBeenCalledWith({ latitude: 40.4406, longitude: -79.9959, address: '3 Market Square', house: null, tag: null });
    // No tag: the default tag text.
    await waitFor(() => expect(within(cardTagged('Current location')).getByTestId('saved-address-line')).toHaveTextContent('3 Market Square'));
  });

  it('shows a refusal under the field the server names, and clears it when the field is typed in', async () => {
    const refusal = (code: 'HOUSE_TOO_LONG' | 'TAG_TOO_LONG' | 'ADDRESS_TOO_LONG'): SyncFailure => ({ ok: false, reason: 'invalid', code, message: code });
    const saveAddress = vi
      .fn()
      .mockResolvedValueOnce(refusal('HOUSE_TOO_LONG'))
      .mockResolvedValueOnce(refusal('TAG_TOO_LONG'))
      .mockResolvedValueOnce(refusal('ADDRESS_TOO_LONG'));
    const { db } = await openList({ worker: { saveAddress } }, [HOME]);
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await searchAndPick(db, 'mill', MILL_STREET);
    const house = await screen.findByLabelText('House, flat or floor (optional)');
    await userEvent.type(house, 'Flat 2');
    const save = screen.getByRole('button', { name: 'Save address' });

    await userEvent.click(save);
    await waitFor(() => expect(house).toHaveAccessibleDescription(expect.stringContaining('at most 100 characters')));
    expect(house).toHaveAttribute('aria-invalid', 'true');
    expect(house).toHaveFocus();
    await userEvent.type(house, 'b');
    expect(house).not.toHaveAttribute('aria-invalid');

    await userEvent.click(save);
    const tag = screen.getByLabelText('Or type a label');
    await waitFor(() => expect(tag).toHaveAccessibleDescription(expect.stringContaining('at most 40 characters')));

    await userEvent.click(save);
    const line = screen.getByLabelText('Address');
    await waitFor(() => expect(line).toHaveAccessibleDescription('The address is too long: at most 255 characters.'));
    expect(line).toHaveFocus();
    expect(saveAddress).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('saved-addresses')).toBeNull();
  });

  it('an empty address line is caught before asking; offline and a full list are said above the form', async () => {
    const tooMany: SyncFailure = { ok: false, reason: 'conflict', code: 'TOO_MANY_ADDRESSES', message: 'full' };
    const saveAddress = vi.fn().mockResolvedValueOnce(offline).mockResolvedValueOnce(tooMany);
    const { db } = await openList({ worker: { saveAddress } }, [HOME]);
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await searchAndPick(db, 'mill', MILL_STREET);
    const line = await screen.findByLabelText('Address');
    await userEvent.clear(line);
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(line).toHaveAccessibleDescription('Enter the address.'));
    expect(saveAddress).not.toHaveBeenCalled();

    await userEvent.type(line, '7 Mill Street');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByTestId('form-alert')).toHaveTextContent('You are offline, so nothing changed.');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByTestId('form-alert')).toHaveTextContent('You have saved as many addresses as you can.'));
    expect(screen.getByTestId('form-alert')).toHaveFocus();
  });

  it('edits an address: the form starts filled in, and saving sends its id', async () => {
    const { worker } = await openList();
    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('Address')).toHaveValue('Riverside Workshops');
    expect(within(form).getByLabelText('House, flat or floor (optional)')).toHaveValue('Unit 3');
    const tag = within(form).getByLabelText('Or type a label');
    expect(tag).toHaveValue('Work');
    await userEvent.clear(tag);
    await userEvent.type(tag, 'Office');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(worker.saveAddress).toHaveBeenCalledWith({
      id: WORK.id,
      latitude: WORK.latitude,
      longitude: WORK.longitude,
      address: 'Riverside Workshops',
      house: 'Unit 3',
      tag: 'Office',
    });
    await waitFor(() => expect(within(cardTagged('Office')).getByTestId('saved-address-line')).toHaveTextContent('Riverside Workshops'));
    expect(cards()).toHaveLength(3);
  });

  it('moving an address to another place keeps the house and tag typed', async () => {
    const { worker, db } = await openList();
    await userEvent.click(within(cardTagged('Work')).getByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose another place' }));
    await searchAndPick(db, 'mill', MILL_STREET);
    await userEvent.click(await screen.findByRole('button', { name: 'Save address' }));
    expect(worker.saveAddress).toHaveBeenCalledWith({
      id: WORK.id,
      latitude: MILL_STREET.latitude,
      longitude: MILL_STREET.longitude,
      address: MILL_STREET.name,
      house: 'Unit 3',
      tag: 'Work',
    });
  });

  it('cancel leaves the list as it was', async () => {
    const { worker } = await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('saved-addresses')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(worker.saveAddress).not.toHaveBeenCalled();
  });
});
