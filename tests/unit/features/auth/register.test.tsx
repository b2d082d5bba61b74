import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';

/** The first find of a test also waits for the lazily loaded screen. */
const SLOW = { timeout: 5000 };

async function fillDetails(details: { name?: string; email?: string; phone?: string; password?: string }) {
  if (details.name) await userEvent.type(screen.getByLabelText('Full name'), details.name);
  if (details.email) await userEvent.type(screen.getByLabelText('E-mail'), details.email);
  if (details.phone) await userEvent.type(screen.getByLabelText('Phone number'), details.phone);
  if (details.password) await userEvent.type(screen.getByLabelText('Password'), details.password);
}

describe('/register', () => {
  it('says per field what is missing or wrong, and sends nothing', async () => {
    const { worker } = await renderApp({ path: '/register' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'With the country code, e.g. +1 412 555 0104. Enter your phone number, with the country code.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters. Enter your password.');
    expect(screen.getByLabelText('Full name')).toHaveFocus();

    await fillDetails({ name: 'Robin', email: 'robin@nowhere', phone: '555', password: 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'With the country code, e.g. +1 412 555 0104. Enter a valid phone number, with the country code.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters. The password must have at least 8 characters.');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(worker.sendOtp).not.toHaveBeenCalled();
  });

  it('refuses a name longer than the server takes at the first step, under the name, before any code is texted', async () => {
    const { worker } = await renderApp({ path: '/register' });
    await screen.findByRole('button', { name: 'Continue' }, SLOW);
    const name = screen.getByLabelText('Full name');
    // Pasted, as a 306-character name would be.
    await userEvent.click(name);
    await userEvent.paste('N'.repeat(306));
    await fillDetails({ email: 'robin@example.com', phone: '+14125550177', password: 'long-enough-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(name).toHaveAccessibleDescription('A name has at most 100 characters: shorten it.');
    expect(name).toHaveFocus();
    expect(worker.sendOtp).not.toHaveBeenCalled();
  });

  it("puts the server's EMAIL_TAKEN under the e-mail", async () => {
    await renderApp({
      path: '/register',
      worker: { sendOtp: vi.fn(async () => ({ ok: false as const, reason: 'conflict' as const, code: 'EMAIL_TAKEN' as const, message: 'x' })) },
    });
    await screen.findByLabelText('Full name', {}, SLOW);
    await fillDetails({ name: 'Robin Hale', email: 'robin@example.test', phone: '+14125550177', password: 'long-enough' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this e-mail already exists. Sign in instead.'));
    expect(email).toHaveFocus();
  });

  it('confirms the phone with the texted code, then creates the account', async () => {
    const { worker } = await renderApp({
      path: '/register',
      worker: {
        register: vi
          .fn()
          .mockResolvedValueOnce({ ok: false, reason: 'invalid', code: 'CODE_WRONG', message: 'x' })
          .mockImplementation(async () => ({ ok: true, value: { userId: 7, name: 'Robin Hale', role: 'customer' } })),
      },
    });
    await screen.findByLabelText('Full name', {}, SLOW);
    await fillDetails({ name: 'Robin Hale', email: 'robin@example.test', phone: '+14125550177', password: 'long-enough' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(worker.sendOtp).toHaveBeenCalledWith('+14125550177', 'robin@example.test');
    expect(await screen.findByRole('heading', { name: 'Confirm your phone' }, SLOW)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('The code is not right. Check it and try again.'));

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(worker.register).toHaveBeenLastCalledWith({
      name: 'Robin Hale',
      email: 'robin@example.test',
      phone: '+14125550177',
      password: 'long-enough',
      otp: '222222',
    });
  });
});

describe('/login/forgot-password', () => {
  it('e-mail, then the code, then the new password, then the account', async () => {
    const { worker } = await renderApp({
      path: '/login/forgot-password',
      worker: {
        requestPasswordReset: vi
          .fn()
          .mockResolvedValueOnce({ ok: false, reason: 'invalid', code: 'UNKNOWN_USER', message: 'x' })
          .mockResolvedValue({ ok: true, value: { channel: 'email', expiresInSeconds: 600 } }),
      },
    });
    const email = await screen.findByLabelText('E-mail', {}, SLOW);
    await userEvent.type(email, 'sam@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('There is no account with these details. Check them or create an account.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('We e-mailed a 6-digit code to sam@example.test. It works for 10 minutes.', {}, SLOW)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(worker.verifyPasswordResetCode).toHaveBeenCalledWith('sam@example.test', '123456');
    const password = await screen.findByLabelText('New password', {}, SLOW);
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(password).toHaveAccessibleDescription('At least 8 characters. The password must have at least 8 characters.');
    await userEvent.type(password, '-but-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByTestId('account-profile', {}, SLOW)).toBeInTheDocument();
    expect(worker.changePassword).toHaveBeenCalledWith('sam@example.test', '123456', 'short-but-longer');
  });
});
