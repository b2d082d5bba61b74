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

/**
 * The store slug of a store page's path (storePath's and storeItemPath's
 * addresses: /stores/{slug}, /stores/{city}/{slug}, /stores/{city}/{slug}/{item}),
 * decoded as React Router decodes it; null for any other path. The sync worker
 * the document starts reads it to fetch the store before the page asks.
 */
export function storeSlugOfPath(pathname: string): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length < 2 || segments.length > 4 || segments[0]!.toLowerCase() !== 'stores') return null;
  const encoded = segments.length === 2 ? segments[1]! : segments[2]!;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}
