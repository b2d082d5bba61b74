// @vitest-environment node
/**
 * Issue 15.7: the catalogue comes in the chosen language. Switching the
 * language fetches the home and the open store again in it, so the replica
 * never holds a menu in one language under a screen in another; back in the
 * default language, the base texts return.
 */
import { describe, expect, it } from 'vitest';
import { readMenu } from '../../../../src/db/menu-reads.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';
import { browseFrom, seededStore } from '../riverton.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

describe('the catalogue in the chosen language', () => {
  it('switching to Arabic refetches the open menu, the home categories and slides in Arabic; English brings the base texts back', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    await browseFrom(harness);
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.api.openStore(nonna.slug);
    await harness.service.api.selectStore(nonna.id);
    await harness.service.api.refreshHome();
    const names = async () => (await readMenu(harness.db, nonna.id)).map((item) => item.name);
    expect(await names()).toContain('Margherita');

    const languages = await harness.db.languages.toArray();
    const arabic = languages.find((language) => language.code === 'ar')!;
    const english = languages.find((language) => language.code === 'en')!;
    harness.network.sent.length = 0;
    expect(await harness.service.api.selectLanguage(arabic.id)).toEqual({ ok: true });

    // Every catalogue call after the switch says which language it wants.
    const catalogueCalls = harness.network.sent.filter((request) => !request.path.endsWith('/get-single-language'));
    expect(catalogueCalls.map((request) => request.path)).toEqual(
      expect.arrayContaining([`/public/api/get-restaurant-items/${nonna.id}`, '/public/api/get-all-restaurants-categories', '/public/api/promo-slider']),
    );
    for (const request of catalogueCalls) expect(JSON.parse(request.body)).toMatchObject({ language: 'ar' });

    expect(await names()).toContain('مارغريتا');
    expect(await names()).not.toContain('Margherita');
    const store = await harness.db.stores.get(nonna.id);
    expect(store?.name).toBe('Nonna Lucia Trattoria');
    expect(store?.description).toMatch(/معكرونة/);
    expect((store as { menuSections?: { name: string }[] } | undefined)?.menuSections?.map((section) => section.name)).toContain('بيتزا');
    expect((await harness.db.categories.toArray()).map((category) => category.name)).toContain('بيتزا ومعكرونة');

    await harness.service.api.openItem((await readMenu(harness.db, nonna.id))[0]!.id);
    expect(await names()).toContain('مارغريتا');

    expect(await harness.service.api.selectLanguage(english.id)).toEqual({ ok: true });
    expect(await names()).toContain('Margherita');
    expect((await harness.db.categories.toArray()).map((category) => category.name)).toContain('Pizza & Pasta');
  });
});
