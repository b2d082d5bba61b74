/**
 * Catalogue translations (issue 15.7): which texts of which catalogue records
 * can be written per language. The record's own column is the default
 * language's text; a language without a translation shows that one.
 */
export const CATALOGUE_TRANSLATION_KINDS = [
  'store',
  'item',
  'item_category',
  'store_category',
  'category_slide',
  'promo_slide',
  // Issue 32.4: the add-on groups and their choices, where a customer chooses what they pay for.
  'addon_category',
  'addon',
] as const;
export type CatalogueTranslationKind = (typeof CATALOGUE_TRANSLATION_KINDS)[number];

export const CATALOGUE_TRANSLATION_FIELDS = ['name', 'description'] as const;
export type CatalogueTranslationField = (typeof CATALOGUE_TRANSLATION_FIELDS)[number];

/** The fields each kind has: those its customers see. */
export const TRANSLATABLE_FIELDS: Record<CatalogueTranslationKind, readonly CatalogueTranslationField[]> = {
  store: ['name', 'description'],
  item: ['name', 'description'],
  item_category: ['name'],
  store_category: ['name'],
  category_slide: ['name'],
  promo_slide: ['name'],
  addon_category: ['name'],
  addon: ['name'],
};

/** The languages an entity's texts may be given in at once (one row per language). */
export const CATALOGUE_TRANSLATION_LANGUAGES_MAX = 50;
