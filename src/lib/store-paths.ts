/** Links into a store page (spec §2 /stores/:city?/:restaurant). */
interface StoreAddress {
  city?: string | null;
  slug: string;
}

/** The card's link: /stores/{city}/{slug}, or /stores/{slug} for a store without a city. */
export function storePath({ city, slug }: StoreAddress): string {
  const s = encodeURIComponent(slug);
  return city ? `/stores/${encodeURIComponent(city)}/${s}` : `/stores/${s}`;
}

/**
 * An item open on its store page. The item route needs a city segment, so a
 * store without one uses '-' there (the page finds the store by slug only).
 */
export function storeItemPath({ city, slug }: StoreAddress, itemId: number): string {
  return `/stores/${encodeURIComponent(city || '-')}/${encodeURIComponent(slug)}/${itemId}`;
}
