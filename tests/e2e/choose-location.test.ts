/**
 * Choosing a location on a phone: a real place found by text (the server's
 * gazetteer), confirmed with a house and a tag, shown in the home header; a
 * GPS fix named by coordinate-to-address; the same search again with the
 * network cut, answered from the replica. And the home sheet of a first
 * visit, whose GPS fix saves a business location and reloads the page.
 */
import { describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();

/** Near Mill Street, Riverton (the demo city sits at Pittsburgh's coordinates). */
const MILL_STREET = { latitude: 40.4633, longitude: -79.9822 };
/** The Eiffel Tower. */
const PARIS = { latitude: 48.8584, longitude: 2.2945 };


describe('choosing a location at 375 px', () => {
  it('finds a real place by text, confirms house and tag, then finds it again offline', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    await context.grantPermissions(['geolocation'], { origin: suite.server.url });
    await context.setGeolocation(PARIS);
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    await app.open('/search-location');
    await app.waitForReplica();
    await waitForServiceWorkerControl(page);

    // Near the primary location (Riverton, at Pittsburgh), Washington PA comes before Washington DC.
    await app.locationSearch.fill('washington');
    const washington = app.placeResults.getByRole('button', { name: 'Washington, Pennsylvania, United States' });
    await expect.poll(() => washington.isVisible(), { timeout: 20_000 }).toBe(true);
    const names = await app.placeResults.getByRole('button').allTextContents();
    expect(names.slice(0, 2)).toEqual(['Washington, Pennsylvania, United States', 'Washington, District of Columbia, United States']);
    // The popular locations stay above the places.
    await app.locationSearch.fill('riverton');
    await expect.poll(() => app.placeResults.getByRole('button').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    expect(await page.getByTestId('location-list').getByRole('button').allTextContents()).toEqual(['Market Square, Riverton']);
    await screenshot(page, 'phone-search-location-results');

    await app.locationSearch.fill('washington');
    await washington.click();
    await expect.poll(() => app.confirmAddress.isVisible()).toBe(true);
    expect(await app.confirmAddress.getByTestId('confirm-address-place').textContent()).toBe('Washington, Pennsylvania, United States');
    await app.confirmAddress.getByLabel('House, flat or floor (optional)').fill('Apartment 5, 2nd floor');
    await app.confirmAddress.getByRole('button', { name: 'Work' }).click();
    await screenshot(page, 'phone-confirm-address');
    await app.confirmAddress.getByRole('button', { name: 'Save address' }).click();

    // Home, with the new address in the header.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Washington, Pennsylvania');
    expect(await page.getByTestId('header-address-house').textContent()).toContain('Apartment 5, 2nd flo…');
    expect(await app.headerAddress.textContent()).toContain('Work');
    expect(await app.currentAddress()).toMatchObject({
      address: 'Washington, Pennsylvania, United States',
      house: 'Apartment 5, 2nd floor',
      tag: 'Work',
      businessLocation: false,
    });
    expect(await app.pref('locationChosenByUser')).toBe(true);
    expect(await app.locationSheet.count()).toBe(0);

    // The GPS: the fix is named by the server's gazetteer, then confirmed.
    await app.headerAddress.click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => app.confirmAddress.getByTestId('confirm-address-place').textContent(), { timeout: 20_000 }).toBe(
      'Paris, Île-de-France, France',
    );
    await app.confirmAddress.getByRole('button', { name: 'Home' }).click();
    await app.confirmAddress.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Paris, Île-de-France');
    expect(await app.currentAddress()).toMatchObject({ lat: PARIS.latitude, lng: PARIS.longitude, tag: 'Home', house: null, businessLocation: false });

    // With the network cut, the same search answers from the replica.
    await context.setOffline(true);
    await page.goto(new URL('/search-location', suite.server.url).toString());
    await app.locationSearch.fill('Washington');
    await expect.poll(() => page.getByTestId('places-offline').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => app.placeResults.getByRole('button').first().textContent()).toBe('Washington, Pennsylvania, United States');
    // A query never asked, answered from the places saved for others.
    await app.locationSearch.fill('wash');
    await expect.poll(() => app.placeResults.getByRole('button').count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('places-offline').isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'phone-search-location-offline');
    await context.close();
  });

  it('a first visit opens the popular-locations sheet; its GPS fix saves a business location and reloads', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    await context.grantPermissions(['geolocation'], { origin: suite.server.url });
    await context.setGeolocation(MILL_STREET);
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    await app.open('/');
    await app.waitForReplica();

    const sheet = page.getByRole('dialog', { name: 'Where should we deliver?' });
    await expect.poll(() => sheet.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => sheet.getByTestId('location-sheet-list').getByRole('button').count()).toBe(5);
    // Spec §9: the list is 11 rem (176 px) high.
    expect(await sheet.getByTestId('location-sheet-list').evaluate((list) => list.getBoundingClientRect().height)).toBe(176);
    await screenshot(page, 'phone-home-location-sheet');

    const reloaded = page.waitForEvent('load');
    await sheet.getByRole('button', { name: 'Use my current location' }).click();
    await reloaded;
    await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Mill Street, Old Mill Dis…');
    expect(await app.currentAddress()).toMatchObject({ address: 'Mill Street, Old Mill District, Riverton', businessLocation: true });
    expect(await app.pref('locationChosenByUser')).toBe(true);
    // Chosen: the sheet stays closed; the address is still a business one, so the GPS bar invites.
    await expect.poll(() => app.useGpsBar.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await sheet.count()).toBe(0);
    await context.close();
  });
});
