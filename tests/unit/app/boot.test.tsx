import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PrefKey } from '../../../src/db/schema.ts';
import type { BootResult } from '../../../src/api/worker-api.ts';
import { renderApp } from '../support/render-app.tsx';
import { ONLINE_BOOT } from '../support/doubles.ts';
import { writeBuiltInDefaults } from '../../../worker/replica/writes.ts';

const OFFLINE_BOOT: BootResult = { hadReplica: false, online: false, version: null, primaryLocationMissing: false };

describe('boot', () => {
  it('renders the replica at once and asks the worker to refresh behind it', async () => {
    const { worker } = await renderApp({ worker: { boot: vi.fn(() => new Promise<BootResult>(() => {})) } });
    // The worker never answers, yet the stored app is there.
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(worker.boot).toHaveBeenCalledOnce();
  });

  it('on a first visit, waits for words before showing a screen, never raw text keys', async () => {
    let answerBoot: (result: BootResult) => void = () => {};
    const boot = vi.fn(() => new Promise<BootResult>((resolve) => (answerBoot = resolve)));
    const { db } = await renderApp({ builtInTexts: false, worker: { boot } });
    await vi.waitFor(() => expect(boot).toHaveBeenCalledOnce());
    expect(document.querySelector('.screen-fallback')).not.toBeNull();
    expect(screen.queryByTestId('tab-bar')).toBeNull();

    // The worker writes the built-in English while its first fill is on the way.
    await writeBuiltInDefaults(db, null);
    expect(await screen.findByTestId('tab-bar')).toHaveTextContent('Cart');
    expect(screen.queryByText('tabCart')).toBeNull();
    answerBoot(ONLINE_BOOT);
  });

  it('waits for words even when the worker answers boot before they are read, never raw text keys', async () => {
    // A warm worker answers at once; here the words are not even stored yet when it does.
    const boot = vi.fn(async () => ONLINE_BOOT);
    const { db } = await renderApp({ builtInTexts: false, worker: { boot } });
    await vi.waitFor(() => expect(boot).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(document.querySelector('.screen-fallback')).not.toBeNull());
    // Long after the answer: the old gate let the screen through with raw keys within a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    expect(document.querySelector('.screen-fallback')).not.toBeNull();

    await writeBuiltInDefaults(db, null);
    expect(await screen.findByTestId('tab-bar')).toHaveTextContent('Cart');
    expect(screen.queryByText('tabCart')).toBeNull();
  });

  it('shows no notice or prompt before the words either: the session notice and the GDPR banner come with them', async () => {
    const boot = vi.fn(() => new Promise<BootResult>(() => {}));
    const { db } = await renderApp({
      builtInTexts: false,
      settings: { showGdpr: 'true', gdprMessage: 'We keep your cart on this device.' },
      prefs: { [PrefKey.sessionEnded]: { code: 'ACCOUNT_BANNED', at: 1 } },
      worker: { boot },
    });
    await vi.waitFor(() => expect(boot).toHaveBeenCalledOnce());
    // Long enough for the prefs and settings to be read and the lazy notices to load.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('session-ended')).toBeNull();
    expect(screen.queryByTestId('gdpr-banner')).toBeNull();
    expect(document.body).not.toHaveTextContent(/sessionEndedTitle|gdprAccept|dismissNotice/);

    await writeBuiltInDefaults(db, null);
    expect(await screen.findByTestId('session-ended', {}, { timeout: 5_000 })).toHaveTextContent('You were signed out. This account has been blocked.');
    expect(await screen.findByTestId('gdpr-banner')).toHaveTextContent('We keep your cart on this device.');
    expect(document.body).not.toHaveTextContent(/sessionEndedTitle|gdprAccept|dismissNotice/);
  });

  it('shows the offline screen when nothing is stored and boot fails offline, and can try again', async () => {
    const boot = vi.fn<() => Promise<BootResult>>().mockResolvedValueOnce(OFFLINE_BOOT);
    const { db } = await renderApp({ settings: {}, worker: { boot } });
    // The second boot reaches the server and the worker stores the settings.
    boot.mockImplementation(async () => {
      await db.settings.put({ key: 'storeName', value: 'Back Online', fetchedAt: Date.now() });
      return ONLINE_BOOT;
    });

    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(boot).toHaveBeenCalledTimes(2);
  });

  it('uses the configured offline title and subtitle', async () => {
    await renderApp({ settings: {}, worker: { boot: vi.fn(async () => OFFLINE_BOOT) } });
    // Settings the worker kept from an earlier, partial visit would show here; with none, the defaults do.
    expect(await screen.findByText('This page has not been opened on this device yet. Reconnect to load it.')).toBeInTheDocument();
  });

  it('runs the forced cache clear behind the updating overlay when the cache version changed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const version = { kind: 'cache-clear-required' as const, forceCacheClearVersion: 'c-2', forceNewSettingsVersion: 's-5' };
    const { worker } = await renderApp({
      settings: { updatingMessage: 'Fetching the new menu…' },
      worker: { boot: vi.fn(async () => ({ ...ONLINE_BOOT, version })) },
    });
    expect(await screen.findByRole('dialog', { name: 'Updating' })).toBeInTheDocument();
    expect(await screen.findByText('Fetching the new menu…')).toBeInTheDocument();
    await vi.waitFor(() => expect(worker.completeCacheClear).toHaveBeenCalledWith('s-5', 'c-2'));
    vi.restoreAllMocks();
  });

  it('keeps the tester’s simulated offline mode in the replica readable by the banner', async () => {
    await renderApp({ prefs: { [PrefKey.simulatedOffline]: true } });
    expect(await screen.findByTestId('simulated-offline-mark')).toHaveTextContent('Offline mode is simulated');
  });
});
