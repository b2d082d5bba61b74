/**
 * The store's street address and phone in the console's store form
 * (/admin/stores/:id): shown as saved, sent trimmed (emptied: null), a phone
 * that is not one said under its field before anything is sent, and the
 * server's INVALID_PHONE under the same field.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStore } from '../../../../src/api/admin/catalog-entities.ts';
import { fakeConsoleApi, refusal, renderConsole, SLOW } from './console-harness.tsx';

const STORE: AdminStore = {
  id: 5,
  name: 'Nonna Lucia Trattoria',
  slug: 'nonna-lucia-trattoria',
  city: 'Riverton',
  description: 'Hand-rolled pasta.',
  image: '/public/images/stores/nonna.svg',
  is_active: true,
  is_featured: false,
  custom_featured_name: null,
  custom_message_on_list: null,
  rating: 4.8,
  delivery_time: 35,
  price_range: 3800,
  delivery_type: 3,
  latitude: 40.4419,
  longitude: -79.9981,
  delivery_radius_km: 8,
  address: '12 Market Square, Riverton',
  phone: '+1 412 555 0121',
  store_color: null,
  timezone: 'America/New_York',
  owner_user_id: null,
  owner_name: null,
  min_order_subtotal: 0,
  store_charge: 0,
  tax_basis_points: 0,
  delivery_fee_base: 0,
  delivery_fee_base_km: 0,
  delivery_fee_per_km: 0,
  free_delivery_subtotal: null,
  auto_accept_orders: false,
  opening_hours: [],
  category_ids: [],
  is_open: true,
  created_at: '2030-01-01T00:00:00.000Z',
};

function storeApi(save: Parameters<typeof fakeConsoleApi>[0]['admin/save-store']) {
  return fakeConsoleApi({
    'admin/get-store': () => STORE,
    'admin/get-users': () => ({ users: [], next_before: null }),
    'admin/list-store-categories': () => [],
    'admin/save-store': save,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a store's street address and phone in the console", () => {
  it('shows them as saved, refuses a phone that is not one before sending, and sends them trimmed, emptied as null', async () => {
    const user = userEvent.setup();
    const api = storeApi((body) => ({ ...STORE, address: body.address ?? null, phone: body.phone ?? null }));
    await renderConsole({ path: '/admin/stores/5', role: 'admin', api });

    const address = await screen.findByLabelText('Street address', {}, SLOW);
    const phone = screen.getByLabelText('Phone');
    expect(address).toHaveValue('12 Market Square, Riverton');
    expect(address).toHaveAccessibleDescription('Where drivers collect the food. Optional.');
    expect(phone).toHaveValue('+1 412 555 0121');
    expect(phone).toHaveAttribute('type', 'tel');

    await user.clear(phone);
    await user.type(phone, 'ring the bell');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid phone number, with the country code.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(api.bodiesOf('admin/save-store')).toEqual([]);

    await user.clear(phone);
    await user.clear(address);
    await user.type(address, '  9 Ferry Street, Riverton ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf('admin/save-store')).toHaveLength(1));
    expect(api.bodiesOf('admin/save-store')[0]).toMatchObject({ id: 5, address: '9 Ferry Street, Riverton', phone: null });
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  it("the server's INVALID_PHONE shows under the phone", async () => {
    const user = userEvent.setup();
    const api = storeApi(() => refusal(400, 'INVALID_PHONE', [{ path: '/phone', message: 'The phone must be a number with its country code.' }]));
    await renderConsole({ path: '/admin/stores/5', role: 'admin', api });

    const phone = await screen.findByLabelText('Phone', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(/Enter a valid phone number, with the country code\./);
    expect(screen.queryByTestId('form-alert')).toBeNull();
  });
});
