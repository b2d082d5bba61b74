import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { sessionRow } from '../../support/account-doubles.ts';

/** The first find of a test also waits for the lazily loaded screen. */
const SLOW = { timeout: 5000 };

const AGENT_ROW = sessionRow({ name: 'Marcus Bell', email: 'agent@foodpilot.test' }, { userId: 3, role: 'agent', token: 'agent-token' });

async function asAgent(db: ReplicaDatabase) {
  await db.session.put(AGENT_ROW);
}

describe('/auth/login-as-customer', () => {
  it('asks an agent to sign in first, and says so when the account is not an agent', async () => {
    const { worker } = await renderApp({ path: '/auth/login-as-customer' });
    const form = await screen.findByTestId('agent-sign-in', {}, SLOW);
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(within(form).getByLabelText('E-mail')).toHaveAccessibleDescription('Enter your e-mail address or phone number.');
    expect(worker.loginWithPassword).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText('E-mail'), 'customer@foodpilot.test');
    await userEvent.type(within(form).getByLabelText('Password'), 'customer-demo');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    // The double signs in a customer.
    expect(await screen.findByText('This account is not a call-centre agent. Sign in with an agent account.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('You are signed in as Sam Carter. Signing in as an agent replaces that session on this device.')).toBeInTheDocument();
  });

  it('with an id, acts for that customer at once and goes home', async () => {
    const { db, worker } = await renderApp({ path: '/auth/login-as-customer/42' });
    await asAgent(db);
    await waitFor(() => expect(worker.loginAsCustomer).toHaveBeenCalledWith(42));
    expect(await screen.findByTestId('tab-bar', {}, SLOW)).toBeInTheDocument();
    expect(worker.loginAsCustomer).toHaveBeenCalledTimes(1);
  });

  it('with an id the server does not know, says so in words', async () => {
    const { db } = await renderApp({
      path: '/auth/login-as-customer/42',
      worker: { loginAsCustomer: vi.fn(async () => ({ ok: false as const, reason: 'invalid' as const, code: 'UNKNOWN_USER' as const, message: 'x' })) },
    });
    await asAgent(db);
    expect(await screen.findByRole('heading', { name: 'Could not act for customer 42' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('There is no account with these details. Check them or create an account.');
    expect(screen.getByRole('link', { name: 'Choose another customer' })).toHaveAttribute('href', '/auth/login-as-customer');
  });

  it('without an id: a customer number, checked, or a guest registered with their details', async () => {
    const { db, worker } = await renderApp({ path: '/auth/login-as-customer' });
    await asAgent(db);
    expect(await screen.findByTestId('call-centre-agent', {}, SLOW)).toHaveTextContent('Signed in as agent Marcus Bell');

    const picker = screen.getByTestId('act-for-customer');
    await userEvent.type(within(picker).getByLabelText('Customer number'), 'abc');
    await userEvent.click(within(picker).getByRole('button', { name: 'Act for this customer' }));
    expect(within(picker).getByLabelText('Customer number')).toHaveAccessibleDescription(
      'The number shown in the customer record. Enter the customer number: digits only.',
    );
    expect(worker.loginAsCustomer).not.toHaveBeenCalled();

    const guest = screen.getByTestId('register-guest');
    await userEvent.click(within(guest).getByRole('button', { name: 'Register and act for them' }));
    expect(within(guest).getByLabelText('Full name')).toHaveAccessibleDescription('Enter your name.');
    expect(within(guest).getByLabelText('Full name')).toHaveFocus();
    expect(within(guest).getByLabelText('E-mail (optional)')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(within(guest).getByLabelText('Full name'), 'Walk-in Guest');
    await userEvent.type(within(guest).getByLabelText('Phone number'), '+14125550123');
    await userEvent.click(within(guest).getByRole('button', { name: 'Register and act for them' }));
    expect(worker.registerGuestUser).toHaveBeenCalledWith({ name: 'Walk-in Guest', phone: '+14125550123', email: '', password: '' });
    expect(await screen.findByTestId('tab-bar', {}, SLOW)).toBeInTheDocument();
  });
});
