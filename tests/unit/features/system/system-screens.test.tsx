import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';

describe('not-found screen', () => {
  it('shows a title, a body and a way home for an unknown path', async () => {
    await renderApp({ path: '/no/such/place' });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
  });

  it('also covers unknown paths inside the driver area', async () => {
    await renderApp({ path: '/delivery/nowhere' });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('the driver area', () => {
  it('gives the driver area its own dark look when the light mode is off', async () => {
    await renderApp({ path: '/delivery', settings: { deliveryAppLightMode: 'false' } });
    expect(await screen.findByTestId('delivery-area')).toHaveAttribute('data-theme', 'dark');
  });
});
