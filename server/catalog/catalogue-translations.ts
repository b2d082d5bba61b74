/**
 * Catalogue texts in the customer's language (issue 15.7): the public calls
 * take an optional `language` (a language code) and answer the names and
 * descriptions written for it in the console, each falling back to the
 * record's own column (the default language's text) when it has none. No
 * language, an unknown one or the default one: the answer as stored.
 */
import type { FastifyInstance } from 'fastify';
import type { Item, PromoSlides, Store, StoreMenu } from '../../src/api/entities.ts';
import type { CatalogueTranslationKind } from '../../src/api/admin/translation-limits.ts';
import type { TextKey } from '../../src/api/language/texts.ts';

export interface TranslatedTexts {
  name?: string;
  description?: string;
}

export interface CatalogueTranslator {
  /** The texts of these records in the language, by id; a record without any is absent. */
  texts(kind: CatalogueTranslationKind, ids: readonly number[]): Promise<Map<number, TranslatedTexts>>;
  /** One of the app's own texts (a key of ENGLISH_TEXTS) in the language, or undefined when it has none. */
  appText(key: TextKey): Promise<string | undefined>;
}

/** The translator for a language code, or null when the answer stays as stored. */
export async function translatorFor(app: FastifyInstance, code: string | undefined): Promise<CatalogueTranslator | null> {
  if (!code) return null;
  const language = await app.languagesRepository.findByCode(code);
  if (!language || Number(language.is_default) === 1) return null;
  const languageId = Number(language.id);
  return {
    async texts(kind, ids) {
      const found = new Map<number, TranslatedTexts>();
      const unique = [...new Set(ids)];
      if (unique.length === 0) return found;
      const rows = await app.catalogueTranslationsRepository.textsOf(languageId, kind, unique);
      for (const row of rows) {
        if (row.field !== 'name' && row.field !== 'description') continue;
        const id = Number(row.entity_id);
        found.set(id, { ...found.get(id), [row.field]: row.text });
      }
      return found;
    },
    async appText(key) {
      const row = await app.languagesRepository.textOf(languageId, key);
      return row?.value.trim() ? row.value : undefined;
    },
  };
}

/** Records with their texts in the language; the fields a record has no translation of stay. */
export async function translateRows<T extends { id: number; name: string; description?: string }>(
  translator: CatalogueTranslator | null,
  kind: CatalogueTranslationKind,
  rows: readonly T[],
): Promise<T[]> {
  if (!translator || rows.length === 0) return [...rows];
  const texts = await translator.texts(kind, rows.map((row) => row.id));
  return rows.map((row) => withTexts(row, texts.get(row.id)));
}

function withTexts<T extends { name: string; description?: string }>(row: T, texts: TranslatedTexts | undefined): T {
  if (!texts) return row;
  const copy = { ...row };
  if (texts.name !== undefined) copy.name = texts.name;
  if (texts.description !== undefined && row.description !== undefined) copy.description = texts.description;
  return copy;
}

/** What a customer picks from an item: its add-on groups and each group's choices. */
interface AddonTexts {
  groups: Map<number, TranslatedTexts>;
  choices: Map<number, TranslatedTexts>;
}

async function addonTextsOf(translator: CatalogueTranslator, items: readonly Item[]): Promise<AddonTexts> {
  const groups = items.flatMap((item) => item.addon_categories);
  const [groupTexts, choiceTexts] = await Promise.all([
    translator.texts('addon_category', groups.map((group) => group.id)),
    translator.texts('addon', groups.flatMap((group) => group.addons.map((addon) => addon.id))),
  ]);
  return { groups: groupTexts, choices: choiceTexts };
}

/** An item with its own texts and its add-on groups' and choices' (issue 32.4: "Pizza size", "Regular 11"" stayed English). */
function translatedItem(item: Item, texts: TranslatedTexts | undefined, addons: AddonTexts): Item {
  const translated = withTexts(item, texts);
  if (item.addon_categories.length === 0) return translated;
  return {
    ...translated,
    addon_categories: item.addon_categories.map((group) => ({
      ...withTexts(group, addons.groups.get(group.id)),
      addons: group.addons.map((addon) => withTexts(addon, addons.choices.get(addon.id))),
    })),
  };
}

export async function translateItems(translator: CatalogueTranslator | null, items: readonly Item[]): Promise<Item[]> {
  if (!translator || items.length === 0) return [...items];
  const [texts, addons] = await Promise.all([translator.texts('item', items.map((item) => item.id)), addonTextsOf(translator, items)]);
  return items.map((item) => translatedItem(item, texts.get(item.id), addons));
}

export async function translateStores<T extends Store>(translator: CatalogueTranslator | null, stores: readonly T[]): Promise<T[]> {
  return translateRows(translator, 'store', stores);
}

export async function translateStore<T extends Store>(translator: CatalogueTranslator | null, store: T): Promise<T> {
  const [translated] = await translateStores(translator, [store]);
  return translated ?? store;
}

/**
 * A store's menu: every item (recommended ones too) and every section. The
 * section of the items in none (id 0, named "Other" by the menu repository)
 * is no catalogue record: its name is the app's menuOther text in the language.
 */
export async function translateMenu(translator: CatalogueTranslator | null, menu: StoreMenu): Promise<StoreMenu> {
  if (!translator) return menu;
  const allItems = [...menu.recommended, ...menu.categories.flatMap((section) => section.items)];
  const itemIds = allItems.map((item) => item.id);
  const hasOther = menu.categories.some((section) => section.id === 0);
  const [items, sections, other, addons] = await Promise.all([
    translator.texts('item', itemIds),
    translator.texts(
      'item_category',
      menu.categories.map((section) => section.id).filter((id) => id !== 0),
    ),
    hasOther ? translator.appText('menuOther') : Promise.resolve(undefined),
    addonTextsOf(translator, allItems),
  ]);
  const sectionTexts = (id: number) => (id === 0 ? (other === undefined ? undefined : { name: other }) : sections.get(id));
  const item = (row: Item) => translatedItem(row, items.get(row.id), addons);
  return {
    recommended: menu.recommended.map(item),
    categories: menu.categories.map((section) => ({ ...withTexts(section, sectionTexts(section.id)), items: section.items.map(item) })),
  };
}

export async function translatePromoSlides(translator: CatalogueTranslator | null, slides: PromoSlides): Promise<PromoSlides> {
  if (!translator) return slides;
  const all = [...slides.mainSlides, ...slides.otherSlides];
  const texts = await translator.texts('promo_slide', all.map((slide) => slide.data.id));
  const slide = (row: PromoSlides['mainSlides'][number]) => ({ ...row, data: withTexts(row.data, texts.get(row.data.id)) });
  return { mainSlides: slides.mainSlides.map(slide), otherSlides: slides.otherSlides.map(slide) };
}
