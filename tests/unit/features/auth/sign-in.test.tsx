import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '../../../../src/api/errors.ts';
import type { SyncFailure } from '../../../../src/api/worker-api.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { ARABIC_TEXTS } from '../../../../server/seed/arabic-texts.ts';
import { ARABIC } from '../../support/replica-fixture.ts';
import { renderApp } from '../../support/render-app.tsx';

/** The first find of a test also waits for the lazily loaded screen. */
const SLOW = { timeout: 5000 };

const refused = (code: ErrorCode, reason: 'invalid' | 'unauthorized' = 'invalid') =>
  vi.fn(async (): Promise<SyncFailure> => ({ ok: false, reason, code, message: 'from the server' }));

function fakeStorage() {
  const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => false) };
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  return storage;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

describe('/login with a password', () => {
  it('names each empty field, ties the message to it and moves the focus to the first', async () => {
    const { worker } = await renderApp({ path: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, SLOW));
    const who = screen.getByLabelText('E-mail or phone number');
    const password = screen.getByLabelText('Password');
    expect(who).toHaveAccessibleDescription('Enter your e-mail address or phone number.');
    expect(who).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(who).toHaveFocus();
    expect(worker.loginWithPassword).not.toHaveBeenCalled();

    await userEvent.type(who, 'not an address@');
    await userEvent.type(password, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(who).toHaveAccessibleDescription('Enter a valid e-mail address.');
  });

  it("shows the server's code in words under the field it is about", async () => {
    const { worker } = await renderApp({ path: '/login', worker: { loginWithPassword: refused('WRONG_PASSWORD', 'unauthorized') } });
    await userEvent.type(await screen.findByLabelText('E-mail or phone number', {}, SLOW), 'sam@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('The e-mail or phone and the password do not match. Try again or reset your password.'));
    expect(password).toHaveFocus();
    expect(worker.loginWithPassword).toHaveBeenCalledWith('sam@example.test', 'wrong-one');
  });

  it('a locked account is told so in words, for the whole form', async () => {
    await renderApp({ path: '/login', worker: { loginWithPassword: refused('ACCOUNT_LOCKED') } });
    await userEvent.type(await screen.findByLabelText('E-mail or phone number', {}, SLOW), 'sam@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'the-right-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong tries for this account, so signing in to it is paused for up to 15 minutes. Try again later, or reset your password to get in now.');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a banned account is told so for the whole form, in the chosen language', async () => {
    await renderApp({
      path: '/login',
      languages: [{ id: 1 }, ARABIC],
      translations: { 2: ARABIC_TEXTS },
      chosenLanguageId: 2,
      worker: { loginWithPassword: refused('ACCOUNT_BANNED', 'unauthorized') },
    });
    await userEvent.type(await screen.findByLabelText(ARABIC_TEXTS.fieldEmailOrPhone, {}, SLOW), 'sam@example.test');
    await userEvent.type(screen.getByLabelText(ARABIC_TEXTS.fieldPassword), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: ARABIC_TEXTS.signIn }));
    const alert = await screen.findByTestId('form-alert', {}, SLOW);
    expect(alert).toHaveTextContent(ARABIC_TEXTS.errorAccountBanned);
    expect(alert).toHaveFocus();
  });

  it('signs in, asks once for persistent storage and opens the account', async () => {
    const storage = fakeStorage();
    const { worker, db } = await renderApp({ path: '/login' });
    await userEvent.type(await screen.findByLabelText('E-mail or phone number', {}, SLOW), 'customer@foodpilot.test');
    await userEvent.type(screen.getByLabelText('Password'), 'customer-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('account-profile', {}, SLOW)).toHaveTextContent('Sam Carter');
    expect(worker.loginWithPassword).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
    expect((await db.prefs.get(PrefKey.storagePersistAsked))?.value).toBe(true);
  });
});

describe('/login from another screen', () => {
  it('comes back to the screen that sent the customer (the checkout), and keeps that way through "Create an account"', async () => {
    fakeStorage();
    await renderApp({ path: '/login?next=%2Fcheckout' });
    expect(await screen.findByRole('link', { name: 'Create an account' }, SLOW)).toHaveAttribute('href', '/register?next=%2Fcheckout');
    await userEvent.type(screen.getByLabelText('E-mail or phone number'), 'customer@foodpilot.test');
    await userEvent.type(screen.getByLabelText('Password'), 'customer-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' }, SLOW)).toBeInTheDocument();
  });

  it('never leaves the app for an address given as next', async () => {
    fakeStorage();
    await renderApp({ path: '/login?next=%2F%2Fevil.example%2Fcheckout' });
    expect(await screen.findByRole('link', { name: 'Create an account' }, SLOW)).toHaveAttribute('href', '/register');
    await userEvent.type(screen.getByLabelText('E-mail or phone number'), 'customer@foodpilot.test');
    await userEvent.type(screen.getByLabelText('Password'), 'customer-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' }, SLOW)).toBeInTheDocument();
  });
});

describe('/login with a texted code', () => {
  it('checks the phone, sends the code, then signs in with it', async () => {
    const { worker } = await renderApp({
      path: '/login',
      worker: { loginWithCode: vi.fn(async () => ({ ok: false as const, reason: 'invalid' as const, code: 'CODE_EXPIRED' as const, message: 'x' })) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Text me a code' }, SLOW));
    expect(screen.getByRole('button', { name: 'Text me a code' })).toHaveAttribute('aria-pressed', 'true');
    const phone = screen.getByLabelText('Phone number');
    await userEvent.type(phone, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(phone).toHaveAccessibleDescription('With the country code, e.g. +1 412 555 0104. Enter a valid phone number, with the country code.');
    expect(worker.requestLoginCode).not.toHaveBeenCalled();

    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 412 555 0104');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('We texted a 6-digit code to +1 412 555 0104. It works for 10 minutes.', {}, SLOW)).toBeInTheDocument();
    expect(worker.requestLoginCode).toHaveBeenCalledWith('+1 412 555 0104');

    const code = screen.getByLabelText('Code');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(code).toHaveAccessibleDescription('The code has 6 digits.');
    await userEvent.type(code, '3456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('This code has expired or was already used. Ask for a new one.'));
    expect(worker.loginWithCode).toHaveBeenCalledWith({ phone: '+1 412 555 0104', code: '123456' });
  });

  it('a phone without an account also asks for a name and an e-mail', async () => {
    const { worker } = await renderApp({
      path: '/login',
      worker: {
        requestLoginCode: vi.fn(async () => ({ ok: true as const, value: { channel: 'sms' as const, expiresInSeconds: 600, registered: false } })),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Text me a code' }, SLOW));
    await userEvent.type(screen.getByLabelText('Phone number'), '+14125550199');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await userEvent.type(await screen.findByLabelText('Code', {}, SLOW), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Full name'), 'Kit Moss');
    await userEvent.type(screen.getByLabelText('E-mail'), 'kit@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('account-profile', {}, SLOW)).toBeInTheDocument();
    expect(worker.loginWithCode).toHaveBeenCalledWith({ phone: '+14125550199', code: '654321', name: 'Kit Moss', email: 'kit@example.test' });
  });
});
