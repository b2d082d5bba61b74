/**
 * Getting into the driver area: every page but /delivery/login needs a
 * signed-in driver and sends anyone else to sign in, then back to the page
 * they asked for; a customer's account is refused in words; the area has
 * its own light or dark look.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { SETTINGS, TEST_DRIVER, driverOrder, profileRow, putDriverOrders, signInDriver } from './fixtures.ts';

const SLOW = { timeout: 5000 };

// The area loads lazily: transform it once up front, not inside the first test's wait.
beforeAll(async () => {
  await import('../../../../src/features/driver/DeliveryArea.tsx');
});

async function fillIn(who: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail or phone number', {}, SLOW), { target: { value: who } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in to the driver area', () => {
  it('sends a visitor who is not signed in as a driver to /delivery/login, and back to the order after signing in', async () => {
    const { db, worker } = await renderApp({ path: '/delivery/orders/FP-A1', settings: SETTINGS });
    // A customer's session is not a driver's.
    await db.session.put({ id: 'customer', userId: 7, token: 't', role: 'customer', data: { name: 'Sam' }, savedAt: 1 });
    expect(await screen.findByRole('heading', { name: 'Sign in to deliver' }, SLOW)).toBeInTheDocument();
    expect(worker.refreshDriverOrder).not.toHaveBeenCalled();

    await db.driverProfile.put(profileRow());
    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-A1' })]);
    await fillIn(' driver@foodpilot.test ', 'secret-pass');
    expect(await screen.findByTestId('driver-order-detail', {}, SLOW)).toBeInTheDocument();
    expect(worker.driverLogin).toHaveBeenCalledWith({ email: 'driver@foodpilot.test', password: 'secret-pass' });
    expect(worker.loginWithPassword).not.toHaveBeenCalled();
  });

  it('signs in with a phone number too', async () => {
    const { worker } = await renderApp({ path: '/delivery/login', settings: SETTINGS });
    await fillIn('+14125550199', 'secret-pass');
    await waitFor(() => expect(worker.driverLogin).toHaveBeenCalledWith({ phone: '+14125550199', password: 'secret-pass' }));
  });

  it("refuses a customer's account as a wrong password, in words, and stays on the sign-in page", async () => {
    // The server answers a non-driver as it answers a wrong password (issue 13: NOT_A_DRIVER told a guesser the password was right).
    const driverLogin = vi.fn(async () => ({
      ok: false as const,
      reason: 'unauthorized' as const,
      code: 'WRONG_PASSWORD' as const,
      message: 'The e-mail (or phone) or the password is not right.',
    }));
    const { db } = await renderApp({ path: '/delivery/login', settings: SETTINGS, worker: { driverLogin } });
    await fillIn('customer@foodpilot.test', 'secret-pass');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The e-mail or phone and the password do not match. Try again or reset your password.'));
    expect(await db.session.get('driver')).toBeUndefined();
    expect(screen.getByRole('heading', { name: 'Sign in to deliver' })).toBeInTheDocument();
  });

  it('says in words that a locked account must wait', async () => {
    const driverLogin = vi.fn(async () => ({ ok: false as const, reason: 'invalid' as const, code: 'ACCOUNT_LOCKED' as const, message: 'Locked' }));
    await renderApp({ path: '/delivery/login', settings: SETTINGS, worker: { driverLogin } });
    await fillIn('driver@foodpilot.test', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong tries for this account, so signing in to it is paused for up to 15 minutes. Try again later, or reset your password to get in now.');
  });

  it('checks the fields before asking the server', async () => {
    const { worker } = await renderApp({ path: '/delivery/login', settings: SETTINGS });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }, SLOW));
    expect(await screen.findByLabelText('E-mail or phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(worker.driverLogin).not.toHaveBeenCalled();
  });

  it('takes a signed-in driver from the sign-in page to their start page', async () => {
    const { db } = await renderApp({ path: '/delivery/login', settings: SETTINGS });
    await signInDriver(db);
    expect(await screen.findByText(`Hello, ${TEST_DRIVER.name}`, {}, SLOW)).toBeInTheDocument();
  });

  it('is dark unless deliveryAppLightMode is on', async () => {
    await renderApp({ path: '/delivery/login', settings: { ...SETTINGS, deliveryAppLightMode: 'false' } });
    expect(await screen.findByTestId('delivery-area', {}, SLOW)).toHaveAttribute('data-theme', 'dark');
  });

  it('is light when deliveryAppLightMode is on', async () => {
    await renderApp({ path: '/delivery/login', settings: { ...SETTINGS, deliveryAppLightMode: 'true' } });
    expect(await screen.findByTestId('delivery-area', {}, SLOW)).toHaveAttribute('data-theme', 'light');
  });
});
