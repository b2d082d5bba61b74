import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { putWallet, signIn, walletEntry } from '../alerts/fixtures.ts';

const SLOW = { timeout: 5000 };
const LEDGER = {
  balance: 1750,
  transactions: [
    walletEntry({ id: 3, amount: -300, reason: 'Paid for order FP-1001', created_at: '2030-01-16T10:00:00.000Z' }),
    walletEntry({ id: 2, amount: 500, reason: 'Top-up through the call centre', created_at: '2030-01-15T10:00:00.000Z' }),
    walletEntry({ id: 1, amount: 1550, reason: 'Welcome credit', created_at: '2030-01-01T10:00:00.000Z' }),
  ],
};

function amounts(): string[] {
  return screen.getAllByTestId('wallet-entry-amount').map((amount) => amount.lastChild?.textContent ?? '');
}

describe('wallet (/my-wallet)', () => {
  it('asks a signed-out visitor to sign in, and asks the worker nothing', async () => {
    const { worker } = await renderApp({ path: '/my-wallet' });
    expect(await screen.findByRole('link', { name: 'Sign in' }, SLOW)).toHaveAttribute('href', '/login?next=%2Fmy-wallet');
    expect(screen.getByText('Sign in to see your wallet.')).toBeInTheDocument();
    expect(worker.refreshWallet).not.toHaveBeenCalled();
  });

  it('shows the balance and the ledger newest first, signed, with the symbol on the left', async () => {
    const { db, worker } = await renderApp({ path: '/my-wallet', settings: { currencySymbol: '$', currencySymbolAlign: 'left' } });
    await signIn(db);
    await putWallet(db, LEDGER);
    expect(await screen.findByTestId('wallet-balance', {}, SLOW)).toHaveTextContent('$17.50');
    const entries = screen.getAllByTestId('wallet-entry');
    expect(entries.map((entry) => entry.querySelector('.wallet-entry-reason')?.textContent)).toEqual([
      'Paid for order FP-1001',
      'Top-up through the call centre',
      'Welcome credit',
    ]);
    expect(amounts()).toEqual(['-$3.00', '+$5.00', '+$15.50']);
    expect(within(entries[0] as HTMLElement).getByTestId('wallet-entry-amount')).toHaveTextContent('Spent: -$3.00');
    expect(within(entries[1] as HTMLElement).getByTestId('wallet-entry-amount')).toHaveTextContent('Added: +$5.00');
    expect(within(entries[2] as HTMLElement).getByText('Jan 1, 2030')).toHaveAttribute('datetime', '2030-01-01T10:00:00.000Z');
    await waitFor(() => expect(worker.refreshWallet).toHaveBeenCalled());
  });

  it('puts the symbol on the right when currencySymbolAlign says so', async () => {
    const { db } = await renderApp({ path: '/my-wallet', settings: { currencySymbol: 'SAR', currencySymbolAlign: 'right' } });
    await signIn(db);
    await putWallet(db, LEDGER);
    expect((await screen.findByTestId('wallet-balance', {}, SLOW)).textContent).toBe('17.50\u00a0SAR');
    expect(amounts()).toEqual(['-3.00\u00a0SAR', '+5.00\u00a0SAR', '+15.50\u00a0SAR']);
  });

  it('says when there are no transactions yet', async () => {
    const { db } = await renderApp({ path: '/my-wallet' });
    await signIn(db);
    await putWallet(db, { balance: 0, transactions: [] });
    expect(await screen.findByText('No wallet transactions yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$0.00');
  });

  it('offline, shows the saved wallet with its age', async () => {
    const { db } = await renderApp({
      path: '/my-wallet',
      connectivityError: 'offline',
      worker: { refreshWallet: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) },
    });
    await signIn(db);
    await putWallet(db, LEDGER, Date.now() - 12 * 60_000);
    expect(await screen.findByTestId('wallet-balance', {}, SLOW)).toHaveTextContent('$17.50');
    await waitFor(() => expect(screen.getByTestId('saved-note')).toHaveTextContent('Updated 12 min ago'));
  });

  it('shows the offline screen when the wallet was never fetched and the server is unreachable', async () => {
    const { db } = await renderApp({
      path: '/my-wallet',
      worker: { refreshWallet: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) },
    });
    await signIn(db);
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });
});
