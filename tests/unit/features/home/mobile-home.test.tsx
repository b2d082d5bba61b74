import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';

describe('mobile home', () => {
  it('shows the logo and the current address, cut to 20 and 25 characters', async () => {
    await renderApp({ settings: { storeName: 'Test Kitchen', storeLogo: '/logo-test.svg' }, address: SAMPLE_ADDRESS });

    const logo = await screen.findByRole('img', { name: 'Test Kitchen' });
    expect(logo).toHaveAttribute('src', '/logo-test.svg');
    const address = await screen.findByTestId('header-address');
    expect(await within(address).findByText('Home')).toBeInTheDocument();
    expect(within(address).getByTestId('header-address-house')).toHaveTextContent('Flat 4B, The Long Bu…,');
    expect(within(address).getByTestId('header-address-address')).toHaveTextContent(/^Market Street 12, Riverto…$/);
  });

  it('falls back to the default tag text when the address has none', async () => {
    await renderApp({ address: { ...SAMPLE_ADDRESS, tag: null, house: null, address: 'Quay 1' } });
    const address = await screen.findByTestId('header-address');
    expect(await within(address).findByText('Current location')).toBeInTheDocument();
    expect(within(address).getByTestId('header-address-address')).toHaveTextContent('Quay 1');
    expect(within(address).queryByTestId('header-address-house')).toBeNull();
  });

  it('opens /search-location when the address is tapped', async () => {
    await renderApp({ address: SAMPLE_ADDRESS });
    await userEvent.click(await screen.findByTestId('header-address'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your location' })).toBeInTheDocument();
  });

  it('has five tabs with accessible names, the active one marked, and badges from the replica', async () => {
    await renderApp({ address: SAMPLE_ADDRESS, unreadAlerts: 3, readAlerts: 4, cartQuantity: 2 });

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/alerts', '/explore', '/cart', '/my-account']);
    expect(within(nav).getByRole('link', { name: /Near me/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /Explore/ })).not.toHaveAttribute('aria-current');

    expect(await within(nav).findByTestId('tab-badge-alerts')).toHaveTextContent('3');
    expect(within(nav).getByRole('link', { name: 'Alerts, 3 unread' })).toBeInTheDocument();
    expect(await within(nav).findByTestId('tab-badge-cart')).toHaveTextContent('2');
    expect(within(nav).getByRole('link', { name: 'Cart, 2 in cart' })).toBeInTheDocument();
  });

  it('shows no badge for zero', async () => {
    await renderApp({ readAlerts: 2, cartQuantity: 0 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByTestId('tab-badge-alerts')).toBeNull();
    expect(within(nav).queryByTestId('tab-badge-cart')).toBeNull();
  });

  it('floats the tab bar for FLOAT and fixes it otherwise', async () => {
    const floating = await renderApp({ settings: { footerStyleType: 'FLOAT' } });
    expect(await screen.findByTestId('tab-bar')).toHaveAttribute('data-style', 'float');
    floating.unmount();

    await renderApp({ settings: { footerStyleType: 'fixed' } });
    expect(await screen.findByTestId('tab-bar')).toHaveAttribute('data-style', 'fixed');
  });

  it('moves the active mark when another tab is chosen', async () => {
    await renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: /Explore/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    const navAfter = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navAfter).getByRole('link', { name: /Explore/ })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the sanitised custom home message', async () => {
    await renderApp({ settings: { customHomeMessage: '<p>Free <b>delivery</b><script>window.hacked=1</script><img src=x onerror="alert(1)"></p>' } });
    const message = await screen.findByTestId('home-message');
    expect(message.innerHTML).toBe('<p>Free <b>delivery</b><img src="x"></p>');
  });
});
