/**
 * A store owner changes their own store's opening hours from My stores
 * (issue 32.3: there was no way to): the week as the server has it, edited,
 * saved with admin/save-store, and a refusal said at the field.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, refusal, renderConsole, SLOW } from './console-harness.tsx';

afterEach(() => vi.unstubAllGlobals());

const STORE = { id: 7, name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria', image: '/x.webp', is_active: true, is_open: true, items: [] };

describe('/admin/my-stores', () => {
  it("lets an owner change the store's opening hours and saves only them", async () => {
    const api = fakeConsoleApi({
      'admin/get-my-stores': () => [STORE],
      'admin/get-store': () => ({ id: 7, name: STORE.name, opening_hours: [{ day: 1, opens: '09:00', closes: '17:00' }] }) as never,
      'admin/save-store': () => ({ id: 7, name: STORE.name, opening_hours: [{ day: 1, opens: '11:00', closes: '22:00' }] }) as never,
    });
    await renderConsole({ path: '/admin/my-stores', role: 'store_owner', api });
    const card = await screen.findByTestId('my-store', {}, SLOW);
    await userEvent.click(within(card).getByRole('button', { name: 'Opening hours' }));
    const form = await within(card).findByTestId('store-hours-form', {}, SLOW);
    fireEvent.change(within(form).getByLabelText('Monday, window 1: opens'), { target: { value: '11:00' } });
    fireEvent.change(within(form).getByLabelText('Monday, window 1: closes'), { target: { value: '22:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save opening hours' }));

    await waitFor(() => expect(api.bodiesOf('admin/save-store')).toEqual([{ id: 7, opening_hours: [{ day: 1, opens: '11:00', closes: '22:00' }] }]));
    await waitFor(() => expect(within(card).queryByTestId('store-hours-form')).toBeNull());
    expect(screen.getByTestId('console-toast')).toHaveTextContent('Opening hours of Nonna Lucia Trattoria saved');
  });

  it("says the server's refusal under the hours and keeps what was typed", async () => {
    const api = fakeConsoleApi({
      'admin/get-my-stores': () => [STORE],
      'admin/get-store': () => ({ id: 7, name: STORE.name, opening_hours: [] }) as never,
      'admin/save-store': () => refusal(400, 'INVALID_OPENING_HOURS'),
    });
    await renderConsole({ path: '/admin/my-stores', role: 'store_owner', api });
    const card = await screen.findByTestId('my-store', {}, SLOW);
    await userEvent.click(within(card).getByRole('button', { name: 'Opening hours' }));
    const form = await within(card).findByTestId('store-hours-form', {}, SLOW);
    await userEvent.click(within(form).getByRole('button', { name: 'Add hours on Sunday' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save opening hours' }));
    expect(await within(form).findByText('The opening hours overlap or have too many windows on one day. Check each day.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Sunday, window 1: opens')).toHaveValue('09:00');
  });
});
