/**
 * Issue 15.11: the account page's name, e-mail and phone. The name saves at
 * once (checked as at sign-up); a new e-mail or phone is sent a code and is
 * saved only with it; what the server refuses is said at its field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CodeSentInfo } from '../../../../src/api/account/worker-api.ts';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import { renderApp } from '../../support/render-app.tsx';
import { sessionRow } from '../../support/account-doubles.ts';

const SLOW = { timeout: 5000 };

async function openDetails(worker: NonNullable<Parameters<typeof renderApp>[0]>['worker'] = {}) {
  const view = await renderApp({ path: '/my-account', worker });
  await view.db.session.put(sessionRow());
  const details = await screen.findByTestId('account-details', {}, SLOW);
  return { ...view, details };
}

describe('the account details', () => {
  it('saves a new name at once, and checks it as sign-up does', async () => {
    const user = userEvent.setup();
    const { worker, details } = await openDetails();
    const nameForm = within(details).getByTestId('name-form');
    const name = within(nameForm).getByLabelText('Full name');
    await user.clear(name);
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    expect(await within(nameForm).findByText('Enter your name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(worker.changeDetails).not.toHaveBeenCalled();

    await user.type(name, 'x'.repeat(101));
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    expect(await within(nameForm).findByText('A name has at most 100 characters: shorten it.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Dee Parker');
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(worker.changeDetails).toHaveBeenCalledWith({ name: 'Dee Parker' }));
    expect(await within(nameForm).findByRole('status')).toHaveTextContent('Your name is saved.');
  });

  it('sends a code to a new e-mail and saves it only with that code', async () => {
    const user = userEvent.setup();
    const { worker, details } = await openDetails();
    const form = within(details).getByTestId('email-form');
    const email = within(form).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'dee@new.example');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(worker.sendContactCode).toHaveBeenCalledWith('email', 'dee@new.example'));
    expect(await within(form).findByText(/We e-mailed a 6-digit code to dee@new.example/)).toBeInTheDocument();
    // Nothing is saved yet.
    expect(worker.changeDetails).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('Enter the code we sent you.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(worker.changeDetails).toHaveBeenCalledWith({ email: 'dee@new.example', code: '123456' }));
    expect(await within(form).findByText('Your new e-mail is saved.')).toBeInTheDocument();
  });

  it('says at the e-mail field that another account has it', async () => {
    const user = userEvent.setup();
    const taken = vi.fn(async (_kind: 'email' | 'phone', _value: string): Promise<SyncResult<CodeSentInfo>> => ({ ok: false, reason: 'invalid', code: 'EMAIL_TAKEN', message: 'taken' }));
    const { details } = await openDetails({ sendContactCode: taken });
    const form = within(details).getByTestId('email-form');
    const email = within(form).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'someone@else.example');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/already/i);
  });

  it('sends nothing for the e-mail the account already has', async () => {
    const user = userEvent.setup();
    const { worker, details } = await openDetails();
    const form = within(details).getByTestId('email-form');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('This is already your e-mail.')).toBeInTheDocument();
    expect(worker.sendContactCode).not.toHaveBeenCalled();
  });

  it('a wrong code for a new phone is said under the code', async () => {
    const user = userEvent.setup();
    const wrong = vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'invalid', code: 'CODE_WRONG', message: 'wrong' }));
    const { worker, details } = await openDetails({ changeDetails: wrong });
    const form = within(details).getByTestId('phone-form');
    const phone = within(form).getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '+1 412 555 0199');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(worker.sendContactCode).toHaveBeenCalledWith('phone', '+1 412 555 0199'));
    const code = await within(form).findByLabelText('Code');
    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('The code is not right. Check it and try again.');
  });
});
