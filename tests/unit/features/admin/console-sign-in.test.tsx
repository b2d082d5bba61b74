import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../../../src/api/account/entities.ts';
import { CONSOLE_SESSION_ID } from '../../../../src/db/session.ts';
import { ADMIN, fakeConsoleApi, refusal, renderConsole, SLOW } from './console-harness.tsx';

function signedIn(role: 'customer' | 'admin' | 'store_owner', name: string, token: string): LoginResult {
  return {
    success: true,
    data: {
      id: role === 'customer' ? 7 : ADMIN.userId,
      name,
      email: `${role}@foodpilot.test`,
      phone: null,
      phone_verified: false,
      role,
      avatar: null,
      tax_number: null,
      wallet_balance: 0,
      created_at: '2030-01-01T00:00:00.000Z',
      auth_token: token,
      acting_agent_id: null,
    },
  };
}

const DASHBOARD_CALLS = {
  'get-store-orders': () => ({ orders: [] }),
  'admin/list-stores': () => ({ stores: [], next_after: null }),
  'admin/get-languages': () => ({ languages: [], total_keys: 0 }),
  'admin/get-versions': () => ({ forceNewSettingsVersion: '3', forceCacheClearVersion: '1' }),
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signIn(email: string, password: string) {
  const form = await screen.findByTestId('console-sign-in', {}, SLOW);
  await userEvent.type(within(form).getByLabelText('E-mail'), email);
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
  return form;
}

describe('/admin sign-in', () => {
  it('sends a visitor without a console session to the sign-in page', async () => {
    const api = fakeConsoleApi({});
    await renderConsole({ path: '/admin/settings', api });
    expect(await screen.findByRole('heading', { name: 'Admin console' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('console-sign-in')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('refuses a customer account in words and keeps no console session', async () => {
    const api = fakeConsoleApi({
      login: () => signedIn('customer', 'Sam Carter', 'customer-token'),
      logout: () => ({ success: true }),
    });
    const { db } = await renderConsole({ path: '/admin/login', api });
    await signIn('customer@foodpilot.test', 'customer-demo');
    expect(await screen.findByTestId('console-refused')).toHaveTextContent(
      'This account cannot open the console. Sign in with an administrator or store owner account.',
    );
    expect(await db.session.get(CONSOLE_SESSION_ID)).toBeUndefined();
    // The session the server opened for nothing is ended.
    await waitFor(() => expect(api.bodiesOf('logout')).toHaveLength(1));
    expect(api.sent.find((call) => call.name === 'logout')?.authorization).toBe('Bearer customer-token');
  });

  it('shows a wrong password under the password field', async () => {
    const api = fakeConsoleApi({ login: () => refusal(401, 'WRONG_PASSWORD') });
    await renderConsole({ path: '/admin/login', api });
    const form = await signIn('admin@foodpilot.test', 'not-it');
    await waitFor(() => expect(within(form).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText('Password')).toHaveFocus();
  });

  it('says in words that a locked account must wait', async () => {
    const api = fakeConsoleApi({ login: () => refusal(429, 'ACCOUNT_LOCKED') });
    await renderConsole({ path: '/admin/login', api });
    await signIn('admin@foodpilot.test', 'admin-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong tries for this account, so signing in to it is paused for up to 15 minutes. Try again later, or reset your password to get in now.');
  });

  it('lets an administrator in, keeps the session across a reload, and signs out', async () => {
    const api = fakeConsoleApi({ login: () => signedIn('admin', ADMIN.name, ADMIN.token), logout: () => ({ success: true }), ...DASHBOARD_CALLS });
    const { db, unmount } = await renderConsole({ path: '/admin/login', api });
    await signIn(ADMIN.email, 'admin-demo');
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('console-who')).toHaveTextContent(`Administrator: ${ADMIN.name}`);
    expect(await db.session.get(CONSOLE_SESSION_ID)).toMatchObject({ role: 'admin', token: ADMIN.token, userId: ADMIN.userId });
    // The customer's own session row is left alone.
    expect(await db.session.get('customer')).toBeUndefined();
    // Every console call carries the token.
    await waitFor(() => expect(api.sent.filter((call) => call.name.startsWith('admin/')).length).toBeGreaterThan(0));
    expect(api.sent.filter((call) => call.name !== 'login').every((call) => call.authorization === `Bearer ${ADMIN.token}`)).toBe(true);

    // A reload of the page: the same device opens the console signed in.
    unmount();
    await renderConsole({ path: '/admin/dashboard', api, db });
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, SLOW)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('console-sign-in', {}, SLOW)).toBeInTheDocument();
    expect(await db.session.get(CONSOLE_SESSION_ID)).toBeUndefined();
  });

  it('shows a store owner only their sections and sends them to their live orders', async () => {
    const api = fakeConsoleApi({ 'get-store-orders': () => ({ orders: [] }) });
    await renderConsole({ path: '/admin', role: 'store_owner', api });
    expect(await screen.findByRole('heading', { name: 'Live orders' }, SLOW)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Live orders', 'My stores', 'Orders']);
  });

  it('says the console needs the network, and sends nothing, while the browser is offline', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const api = fakeConsoleApi({ 'admin/get-settings': () => ({ settings: [] }), 'admin/get-versions': () => ({ forceNewSettingsVersion: '1', forceCacheClearVersion: '1' }) });
      await renderConsole({ path: '/admin/settings', role: 'admin', api });
      expect(await screen.findByTestId('console-offline', {}, SLOW)).toHaveTextContent('You are offline — the console needs the network.');
      expect(await screen.findByRole('button', { name: 'Try again' }, SLOW)).toBeInTheDocument();
      expect(api.sent).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('goes back to the sign-in page when the server no longer knows the token', async () => {
    const api = fakeConsoleApi({ 'admin/get-settings': () => refusal(401, 'UNAUTHORIZED'), 'admin/get-versions': () => refusal(401, 'UNAUTHORIZED') });
    const { db } = await renderConsole({ path: '/admin/settings', role: 'admin', api });
    expect(await screen.findByTestId('console-sign-in', {}, SLOW)).toBeInTheDocument();
    expect(await db.session.get(CONSOLE_SESSION_ID)).toBeUndefined();
  });
});
