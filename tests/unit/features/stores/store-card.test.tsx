import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../src/app/App.tsx';
import type { OrderTypePreference } from '../../../../src/api/constants.ts';
import type { StoreRow } from '../../../../src/db/schema.ts';
import { StoreCard } from '../../../../src/features/stores/StoreCard.tsx';
import { createServiceWorkerDouble, createWorkerDouble } from '../../support/doubles.ts';
import { buildReplica } from '../../support/replica-fixture.ts';
import { storeRow } from './fixtures.ts';

async function renderCard(store: StoreRow, orderType: OrderTypePreference = 'DELIVERY', settings: Record<string, string> = {}) {
  const db = await buildReplica({ settings: { storeName: 'Test Kitchen', currencySymbol: '$', currencySymbolAlign: 'left', ...settings } });
  const services = { db, worker: createWorkerDouble(db), serviceWorker: createServiceWorkerDouble(), reloadPage: () => {} };
  render(
    <AppProviders services={services}>
      <MemoryRouter>
        <StoreCard store={store} orderType={orderType} />
      </MemoryRouter>
    </AppProviders>,
  );
  // Settings arrive from the replica after the first paint.
  const symbol = settings.currencySymbol ?? '$';
  await waitFor(() => expect(screen.getByTestId('store-card-price').textContent).toContain(symbol));
  return screen.getByTestId('store-card');
}

describe('store card', () => {
  it('shows name, description, rating, minutes and price for two, and links to /stores/{city}/{slug}', async () => {
    const card = await renderCard(storeRow());
    expect(card).toHaveAttribute('href', '/stores/riverton/green-bowl');
    expect(within(card).getByRole('heading', { name: 'Green Bowl' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Salads and bowls');
    expect(card).toHaveTextContent('4.5');
    expect(within(card).getByTestId('store-card-time')).toHaveTextContent('25 min');
    expect(within(card).getByTestId('store-card-price')).toHaveTextContent('$24.00 for two');
    expect(within(card).queryByTestId('store-card-ribbon')).toBeNull();
    expect(within(card).queryByTestId('store-card-inactive')).toBeNull();
  });

  it('uses the default tag colour when the store has none, and its own otherwise', async () => {
    const card = await renderCard(storeRow());
    expect(card.style.getPropertyValue('--store-tag')).toBe('#ff8c00');
  });

  it('uses the store colour for its tag', async () => {
    const card = await renderCard(storeRow({ store_color: '#123456' }));
    expect(card.style.getPropertyValue('--store-tag')).toBe('#123456');
  });

  it('says when the store is not active, and shows its custom list message', async () => {
    const card = await renderCard(storeRow({ is_active: false, custom_message_on_list: 'Free dessert today' }));
    expect(within(card).getByTestId('store-card-inactive')).toHaveTextContent('Not taking orders right now');
    expect(within(card).getByTestId('store-card-message')).toHaveTextContent('Free dessert today');
  });

  it('shows the featured ribbon with the custom name', async () => {
    const card = await renderCard(storeRow({ is_featured: true, custom_featured_name: 'Chef pick' }));
    expect(within(card).getByTestId('store-card-ribbon')).toHaveTextContent('Chef pick');
  });

  it('shows the default featured text without a custom name', async () => {
    const card = await renderCard(storeRow({ is_featured: true, custom_featured_name: null }));
    expect(within(card).getByTestId('store-card-ribbon')).toHaveTextContent('Featured');
  });

  it('shows the distance in km instead of minutes for self pickup', async () => {
    const card = await renderCard(storeRow({ distance: 1.24 }), 'SELFPICKUP');
    expect(within(card).getByTestId('store-card-time')).toHaveTextContent('1.2 km');
    expect(card).not.toHaveTextContent('25 min');
  });

  it('puts the currency symbol on the right when the setting says so', async () => {
    const card = await renderCard(storeRow(), 'DELIVERY', { currencySymbol: 'SAR', currencySymbolAlign: 'right' });
    expect(within(card).getByTestId('store-card-price').textContent).toBe('24.00\u00a0SAR for two');
  });

  it('links a store without a city to /stores/{slug}', async () => {
    const card = await renderCard(storeRow({ city: '' }));
    expect(card).toHaveAttribute('href', '/stores/green-bowl');
  });
});
