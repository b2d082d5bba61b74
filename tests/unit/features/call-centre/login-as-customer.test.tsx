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
    // The double signs in a customer: that session ends at once, and the page says why.
    expect(await screen.findByText('This account is not a call-centre agent. Sign in with an agent account.', {}, SLOW)).toBeInTheDocument();
    expect(worker.logout).toHaveBeenCalledTimes(1);
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

  it('without an id: finds the caller by phone in any format and acts for the one chosen; or registers a guest', async () => {
    const carla = { id: 42, name: 'Carla Customer', phone: '+14125550104', email: 'customer@foodpilot.test', address_count: 1 };
    const { db, worker } = await renderApp({
      path: '/auth/login-as-customer',
      worker: { searchCustomers: vi.fn(async () => ({ ok: true as const, value: [carla] })) },
    });
    await asAgent(db);
    expect(await screen.findByTestId('call-centre-agent', {}, SLOW)).toHaveTextContent('Signed in as agent Marcus Bell');

    const search = screen.getByTestId('act-for-customer');
    await userEvent.type(within(search).getByLabelText('Phone, name or e-mail'), '(412) 555-0104');
    await userEvent.click(within(search).getByRole('button', { name: 'Find customer' }));
    expect(worker.searchCustomers).toHaveBeenCalledWith('(412) 555-0104');
    const match = await within(search).findByTestId('customer-match');
    expect(match).toHaveTextContent('Carla Customer');
    expect(match).toHaveTextContent('+14125550104 · customer@foodpilot.test · Saved addresses: 1');
    await userEvent.click(within(match).getByRole('button', { name: 'Act for Carla Customer' }));
    expect(worker.loginAsCustomer).toHaveBeenCalledWith(42);
    expect(await screen.findByTestId('tab-bar', {}, SLOW)).toBeInTheDocument();
  });

  it('a search of one character is refused in words; no match says so', async () => {
    const { db, worker } = await renderApp({ path: '/auth/login-as-customer' });
    await asAgent(db);
    const search = await screen.findByTestId('act-for-customer', {}, SLOW);
    await userEvent.type(within(search).getByLabelText('Phone, name or e-mail'), 'a');
    await userEvent.click(within(search).getByRole('button', { name: 'Find customer' }));
    expect(within(search).getByLabelText('Phone, name or e-mail')).toHaveAccessibleDescription(
      'What the caller tells you: a phone number in any format, their name or their e-mail. Type at least two characters of a phone number, a name or an e-mail.',
    );
    expect(worker.searchCustomers).not.toHaveBeenCalled();
    await userEvent.type(within(search).getByLabelText('Phone, name or e-mail'), 'zz');
    await userEvent.click(within(search).getByRole('button', { name: 'Find customer' }));
    expect(await within(search).findByText('No customer matches “azz”. Check it with the caller, or register them as a guest below.')).toBeInTheDocument();
  });

  it('registers a guest; a phone that has an account says whose, to act for them instead', async () => {
    const carla = { id: 42, name: 'Carla Customer', phone: '+14125550104', email: 'customer@foodpilot.test', address_count: 1 };
    const { db, worker } = await renderApp({
      path: '/auth/login-as-customer',
      worker: {
        registerGuestUser: vi.fn(async () => ({ ok: false as const, reason: 'conflict' as const, code: 'PHONE_TAKEN' as const, message: 'x' })),
        searchCustomers: vi.fn(async () => ({ ok: true as const, value: [carla] })),
      },
    });
    await asAgent(db);
    const guest = await screen.findByTestId('register-guest', {}, SLOW);
    await userEvent.click(within(guest).getByRole('button', { name: 'Register and act for them' }));
    expect(within(guest).getByLabelText('Full name')).toHaveAccessibleDescription('Enter your name.');
    expect(within(guest).getByLabelText('Full name')).toHaveFocus();
    expect(within(guest).getByLabelText('E-mail (optional)')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(within(guest).getByLabelText('Full name'), 'Walk-in Guest');
    await userEvent.type(within(guest).getByLabelText('Phone number'), '+14125550104');
    await userEvent.click(within(guest).getByRole('button', { name: 'Register and act for them' }));
    expect(worker.registerGuestUser).toHaveBeenCalledWith({ name: 'Walk-in Guest', phone: '+14125550104', email: '', password: '' });
    const owner = await within(guest).findByTestId('phone-owner');
    expect(owner).toHaveTextContent('This phone number already has an account: Carla Customer. Act for them instead.');
    await userEvent.click(within(owner).getByRole('button', { name: 'Act for Carla Customer' }));
    expect(worker.loginAsCustomer).toHaveBeenCalledWith(42);
  });
});
