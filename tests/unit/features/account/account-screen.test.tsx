import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../../../src/api/account/entities.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { ARABIC, ENGLISH } from '../../support/replica-fixture.ts';
import { sessionRow } from '../../support/account-doubles.ts';

/** The first find of a test also waits for the lazily loaded screen. */
const SLOW = { timeout: 5000 };

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(size = 64, name = 'me.png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}

async function signedIn(options: Parameters<typeof renderApp>[0] = {}, data: Parameters<typeof sessionRow>[0] = {}) {
  const view = await renderApp({ path: '/my-account', ...options });
  await view.db.session.put(sessionRow(data));
  await screen.findByTestId('account-profile', {}, SLOW);
  return view;
}

describe('/my-account signed out', () => {
  it('offers sign-in and registration, the account links and the simulated-offline switch', async () => {
    const { worker } = await renderApp({ path: '/my-account' });
    const welcome = await screen.findByTestId('account-signed-out', {}, SLOW);
    expect(within(welcome).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(welcome).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    const links = screen.getByRole('navigation', { name: 'Your account' });
    for (const [name, href] of [
      ['My orders', '/my-orders'],
      ['My addresses', '/my-addresses'],
      ['My wallet', '/my-wallet'],
      ['Favourite stores', '/my-favorite-stores'],
      ['Alerts', '/alerts'],
    ]) {
      expect(within(links).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Tester tools are not for customers: hidden unless a setting or this device's tester turned them on.
    expect(screen.queryByTestId('simulated-offline-switch')).toBeNull();
    expect(worker.refreshProfile).not.toHaveBeenCalled();
    await waitFor(() => expect(worker.refreshPageList).toHaveBeenCalled());
  });

  it('links the content pages the server listed', async () => {
    await renderApp({
      path: '/my-account',
      prefs: { [PrefKey.pageList]: { pages: [{ id: 1, name: 'About us', slug: 'about-us' }], fetchedAt: 1 } },
    });
    expect(await screen.findByRole('link', { name: 'About us' }, SLOW)).toHaveAttribute('href', '/pages/about-us');
  });
});

describe('/my-account signed in', () => {
  it('shows the profile with the loyalty points held, and refreshes it', async () => {
    const { worker } = await signedIn({}, { loyaltyPoints: 120 });
    const profile = screen.getByTestId('account-profile');
    expect(within(profile).getByRole('heading', { name: 'Sam Carter' })).toBeInTheDocument();
    expect(within(profile).getByTestId('account-email')).toHaveTextContent('customer@foodpilot.test');
    expect(within(profile).getByTestId('account-phone')).toHaveTextContent('+14125550104 · confirmed');
    expect(within(profile).getByTestId('account-loyalty')).toHaveTextContent('120 points');
    await waitFor(() => expect(worker.refreshProfile).toHaveBeenCalled());
    expect(screen.queryByTestId('tester-tools')).toBeNull();
  });

  it('refuses a picture of another type or too large before sending it', async () => {
    const { worker } = await signedIn();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Change picture');

    await user.upload(input, new File(['GIF89a-----'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Choose a PNG, JPEG or WebP picture.');
    expect(input).toHaveAccessibleDescription('Choose a PNG, JPEG or WebP picture.');

    // Named and typed as a PNG, but its bytes are not.
    await user.upload(input, new File(['not really a picture'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Choose a PNG, JPEG or WebP picture.');

    await user.upload(input, png(AVATAR_MAX_BYTES + 1, 'huge.png'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The picture is too large. Choose one under 2 MB.'));
    expect(screen.queryByRole('button', { name: 'Save picture' })).not.toBeInTheDocument();
    expect(worker.changeAvatar).not.toHaveBeenCalled();
  });

  it('previews a good picture and sends it when saved', async () => {
    const { worker } = await signedIn();
    const file = png();
    await userEvent.upload(screen.getByLabelText('Change picture'), file);
    const preview = await screen.findByRole('img', { name: 'Preview of your new profile picture' }, SLOW);
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await userEvent.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(worker.changeAvatar).toHaveBeenCalledWith(file);
    expect(await screen.findByText('Your new picture is saved.', {}, SLOW)).toBeInTheDocument();
  });

  it('checks the tax number, then saves it', async () => {
    const { worker } = await signedIn();
    const field = screen.getByLabelText('Tax number');
    await userEvent.type(field, '!!');
    await userEvent.click(screen.getByRole('button', { name: 'Save tax number' }));
    expect(field).toHaveAccessibleDescription(
      'Printed on your invoices. Leave it empty to remove it. Enter a valid tax number: letters, digits, spaces and . - / only.',
    );
    expect(field).toHaveFocus();
    expect(worker.updateTaxNumber).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'GB 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Save tax number' }));
    expect(worker.updateTaxNumber).toHaveBeenCalledWith('GB 123 4567');
    expect(await screen.findByText('Your tax number is saved.', {}, SLOW)).toBeInTheDocument();
  });

  it('asks before deleting the account, says what it does, and keeps it on "Keep"', async () => {
    const { worker } = await signedIn();
    const open = screen.getByRole('button', { name: 'Delete my account…' });
    await userEvent.click(open);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/erased now, and you are signed out on every device.*This cannot be undone\./);
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(worker.deleteAccount).not.toHaveBeenCalled();

    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(worker.deleteAccount).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your account is deleted. You are signed out.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('account-signed-out')).toBeInTheDocument();
  });

  it('a refused deletion says why and keeps the account', async () => {
    await signedIn({ worker: { deleteAccount: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('You are offline. Connect to the internet and try again.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('account-profile')).toBeInTheDocument();
  });

  it('signs out', async () => {
    const { worker } = await signedIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(worker.logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('You are signed out.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('account-signed-out')).toBeInTheDocument();
  });
});

describe('session banners', () => {
  it('an agent acting for a customer sees who for whom, can stop, and cannot delete the account', async () => {
    const agentRow = sessionRow({ name: 'Marcus Bell' }, { userId: 3, role: 'agent', token: 'agent-token' });
    const { worker } = await signedIn({}, { actingAgent: { id: 3, name: 'Marcus Bell', session: agentRow } });
    const banner = await screen.findByTestId('acting-banner', {}, SLOW);
    expect(banner).toHaveTextContent('Acting for Sam Carter — agent Marcus Bell');
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Stop' }));
    expect(worker.stopActing).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in as a customer' }, SLOW)).toBeInTheDocument();
  });

  it('says why the app signed the user out, until dismissed', async () => {
    const { db } = await renderApp({ path: '/', prefs: { [PrefKey.sessionEnded]: { code: 'ACCOUNT_BANNED', at: 1 } } });
    const notice = await screen.findByTestId('session-ended', {}, SLOW);
    expect(notice).toHaveTextContent('You were signed out. This account has been blocked. Contact support for help.');
    await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument());
    expect(await db.prefs.get(PrefKey.sessionEnded)).toBeUndefined();
  });
});

describe('/my-account language', () => {
  it('a phone user switches language from the account page, and the screen follows without a reload', async () => {
    const { worker, db, reloadPage } = await renderApp({ path: '/my-account', languages: [ENGLISH, ARABIC] });
    const select = await screen.findByRole('combobox', { name: 'Language' }, SLOW);
    expect(select).toHaveValue('1');
    // As the worker does: the chosen language's id lands in the replica.
    vi.mocked(worker.selectLanguage).mockImplementation(async () => {
      await db.prefs.put({ key: PrefKey.languageId, value: ARABIC.id });
      return { ok: true as const };
    });
    await userEvent.selectOptions(select, 'العربية');
    expect(worker.selectLanguage).toHaveBeenCalledWith(2);
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('offers no choice where there is only one language', async () => {
    await renderApp({ path: '/my-account' });
    await screen.findByTestId('account-signed-out', {}, SLOW);
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});
