import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';

describe('simulated offline switch (account page)', () => {
  it('is shown to a tester: when the setting turns it on for everyone, or on a device once opened with ?offline', async () => {
    await renderApp({ path: '/my-account', settings: { testerToolsEnabled: 'true' } });
    expect(await screen.findByRole('switch', { name: /Simulate offline mode/ })).toBeInTheDocument();
  });

  it('turning it on tells the worker and the service worker, and the mark appears', async () => {
    const { worker, serviceWorker } = await renderApp({ path: '/my-account', prefs: { [PrefKey.testerTools]: true } });
    const toggle = await screen.findByRole('switch', { name: /Simulate offline mode/ });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);

    expect(worker.setSimulatedOffline).toHaveBeenCalledWith(true);
    expect(serviceWorker.posted).toContainEqual({ type: 'SET_SIMULATED_OFFLINE', offline: true });
    expect(worker.drainOutbox).not.toHaveBeenCalled();
    expect(await screen.findByTestId('simulated-offline-mark')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Simulate offline mode/ })).toBeChecked();
  });

  it('turning it off also replays the service worker queues and drains the outbox', async () => {
    const { worker, serviceWorker } = await renderApp({ path: '/my-account', prefs: { [PrefKey.simulatedOffline]: true } });
    const toggle = await screen.findByRole('switch', { name: /Simulate offline mode/ });
    await expect.poll(() => (toggle as HTMLInputElement).checked).toBe(true);

    await userEvent.click(toggle);

    expect(worker.setSimulatedOffline).toHaveBeenCalledWith(false);
    expect(serviceWorker.posted).toEqual([{ type: 'SET_SIMULATED_OFFLINE', offline: false }, { type: 'REPLAY_QUEUE' }]);
    await expect.poll(() => worker.drainOutbox.mock.calls.length).toBe(1);
    await expect.poll(() => screen.queryByTestId('simulated-offline-mark')).toBeNull();
  });
});
