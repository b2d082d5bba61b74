import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { ARABIC, ENGLISH } from '../support/replica-fixture.ts';

afterEach(() => {
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  document.getElementById('custom-css')?.remove();
});

describe('language and look', () => {
  it('shows the chosen language’s texts and falls back to English for missing keys', async () => {
    await renderApp({
      languages: [ENGLISH, ARABIC],
      translations: { 2: { tabNearMe: 'بالقرب مني', homeNearbyStores: 'متاجر قريبة' } },
      chosenLanguageId: 2,
    });
    expect(await screen.findByRole('link', { name: /بالقرب مني/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'متاجر قريبة' })).toBeInTheDocument();
    // No Arabic text for this key: the English one shows, never the raw key.
    expect(screen.getByRole('link', { name: /Explore/ })).toBeInTheDocument();
  });

  it('sets <html dir="rtl" lang> for a right-to-left language', async () => {
    await renderApp({ languages: [ENGLISH, ARABIC], chosenLanguageId: 2 });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });

  it('uses the default language when none was chosen', async () => {
    await renderApp({ languages: [{ ...ENGLISH, is_default: false }, { ...ARABIC, is_default: true }] });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });

  it('applies the brand colour, a readable text colour, the title, the theme colour and custom CSS', async () => {
    await renderApp({ settings: { storeName: 'Blue Bowl', storeColor: '#1d4ed8', customCSS: '.home-header { outline: 1px solid red; }' } });
    await waitFor(() => expect(document.title).toBe('Blue Bowl'));
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--brand')).toBe('#1d4ed8');
    expect(root.style.getPropertyValue('--on-brand')).toBe('#ffffff');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
    expect(document.getElementById('custom-css')?.textContent).toBe('.home-header { outline: 1px solid red; }');
  });

  it('mirrors colour and language to localStorage for the next first paint', async () => {
    await renderApp({ settings: { storeColor: '#0b3d2e' }, languages: [ENGLISH, ARABIC], chosenLanguageId: 2 });
    await waitFor(() => expect(localStorage.getItem('storeColor')).toBe('#0b3d2e'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('userPreferedLanguage') ?? '{}')).toMatchObject({ id: 2, dir: 'rtl' }));
  });
});
