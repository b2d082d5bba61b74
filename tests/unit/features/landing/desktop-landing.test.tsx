import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_RELOAD_DELAY_MS } from '../../../../src/api/constants.ts';
import { renderApp, setWindowWidth } from '../../support/render-app.tsx';
import { homeStoreListKey } from '../../../../src/db/keys.ts';
import { figuresOf } from '../../../../src/features/landing/landing-figures.ts';
import { ARABIC, ENGLISH, SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { storeRow } from '../stores/fixtures.ts';

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  vi.useRealTimers();
});

describe('the landing figures', () => {
  it('are what the stores serving the address say: how many, the median delivery time, the mean rating of the rated', () => {
    const stores = [
      storeRow({ id: 1, delivery_time: 20, avgRating: 4.5, reviews_count: 3 }),
      storeRow({ id: 2, delivery_time: 40, rating: 4, reviews_count: 0 }),
      storeRow({ id: 3, delivery_time: 30, rating: 0, reviews_count: 0 }),
      // Closed for now, it still serves the address: counted as home counts it.
      storeRow({ id: 4, delivery_time: 90, rating: 1, reviews_count: 0, is_active: false }),
    ];
    expect(figuresOf('Market Square, Riverton', stores)).toEqual({ place: 'Market Square', storeCount: 4, medianDeliveryMinutes: 35, averageRating: 3.2 });
    expect(figuresOf('Market Square, Riverton', stores.slice(0, 3))).toEqual({ place: 'Market Square', storeCount: 3, medianDeliveryMinutes: 30, averageRating: 4.3 });
    expect(figuresOf('Riverton', stores.slice(0, 2))).toMatchObject({ storeCount: 2, medianDeliveryMinutes: 30 });
    expect(figuresOf('Riverton', [])).toBeNull();
  });

  it('show on a landing whose figures nobody wrote, measured from the replica, and none before there is a store', async () => {
    setWindowWidth(1280);
    const { db } = await renderApp({ address: SAMPLE_ADDRESS });
    await screen.findByTestId('desktop-landing');
    // The defaults claim nothing: no made-up "120+ restaurants".
    expect(screen.queryByTestId('landing-figures')).toBeNull();
    await db.stores.bulkPut([storeRow({ id: 1, delivery_time: 25, avgRating: 4.6, reviews_count: 5 }), storeRow({ id: 2, delivery_time: 35, rating: 4.2, reviews_count: 0 })]);
    await db.storeLists.put({ key: homeStoreListKey(SAMPLE_ADDRESS, 'DELIVERY'), storeIds: [1, 2], fetchedAt: Date.now() });
    const figures = await screen.findByTestId('landing-figures');
    expect([...figures.querySelectorAll('.achievement')].map((figure) => figure.textContent)).toEqual([
      `2Restaurants serving ${SAMPLE_ADDRESS.address.split(',')[0]}`,
      '30 minTypical delivery time',
      '4.4Average restaurant rating',
    ]);
  });
});

describe('entry route by window width', () => {
  it('shows the desktop landing above 768 px', async () => {
    setWindowWidth(1280);
    await renderApp({
      settings: { desktopHeading: 'Dinner, sorted.', desktopUseAppButton: 'Try it', desktopAchievementOneTitle: '99', desktopFooterAddress: '1 Quay' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dinner, sorted.' })).toBeInTheDocument();
    expect(screen.getByText('99')).toBeInTheDocument();
    expect(screen.getByText('1 Quay')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-bar')).toBeNull();

    const preview = screen.getByTestId('phone-preview');
    expect(preview).toHaveAttribute('data-revealed', 'false');
    expect(screen.getByTitle('Preview of the app')).toHaveAttribute('src', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(preview).toHaveAttribute('data-revealed', 'true');
  });

  it('shows the mobile home at 768 px and below', async () => {
    setWindowWidth(768);
    await renderApp();
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('desktop-landing')).toBeNull();
  });

  it('leaves out social links that are empty or not http(s)', async () => {
    setWindowWidth(1280);
    await renderApp({ settings: { desktopSocialFacebookLink: '', desktopSocialTwitterLink: 'javascript:alert(1)' } });
    await screen.findByTestId('desktop-landing');
    expect(screen.getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Twitter' })).toBeNull();
  });

  it('changes language through the worker, then reloads after 2 s', async () => {
    setWindowWidth(1280);
    const { worker, reloadPage } = await renderApp({ languages: [ENGLISH, ARABIC] });
    const select = await screen.findByLabelText('Language');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.selectOptions(select, String(ARABIC.id));
    await vi.waitFor(() => expect(worker.selectLanguage).toHaveBeenCalledWith(ARABIC.id));
    expect(reloadPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DESKTOP_RELOAD_DELAY_MS);
    expect(reloadPage).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Language')).toBeDisabled();
  });

  it('keeps the language and says why when its texts cannot be loaded, and does not reload', async () => {
    setWindowWidth(1280);
    const { worker, reloadPage } = await renderApp({ languages: [ENGLISH, ARABIC] });
    worker.selectLanguage.mockResolvedValueOnce({ ok: false, reason: 'offline' });
    const select = await screen.findByLabelText('Language');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.selectOptions(select, String(ARABIC.id));
    expect(await screen.findByRole('alert')).toHaveTextContent(/offline|connection/i);
    await vi.advanceTimersByTimeAsync(DESKTOP_RELOAD_DELAY_MS * 2);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Language')).toBeEnabled();
    expect(screen.getByLabelText('Language')).toHaveValue(String(ENGLISH.id));
  });
});
