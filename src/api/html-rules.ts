/**
 * The whitelist for HTML written in the console (content pages, the custom
 * home message): which tags, attributes and link schemes survive. One set of
 * rules for the app's DOM sanitiser (src/lib/sanitize-html.ts) and the
 * server's, which cleans a page before it is stored
 * (server/admin/catalog/catalog-html.ts), so both keep exactly the same things.
 */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'a', 'b', 'blockquote', 'br', 'div', 'em', 'h2', 'h3', 'h4', 'hr', 'i', 'img',
  'li', 'ol', 'p', 'small', 'span', 'strong', 'u', 'ul',
]);

/** Dropped with everything inside them: their content is code or embedded documents. */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math',
  'frame', 'frameset', 'link', 'meta', 'base', 'form', 'textarea', 'select', 'title',
]);

export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['title', 'class', 'dir', 'lang'],
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};

export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src']);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The attributes a tag keeps. */
export function allowedAttributesOf(tag: string): readonly string[] {
  return [...(ALLOWED_ATTRIBUTES['*'] ?? []), ...(ALLOWED_ATTRIBUTES[tag] ?? [])];
}

/** True for relative URLs and http(s)/mailto/tel; false for javascript:, data:, vbscript: and the like. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = Array.from(raw)
    .filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return SAFE_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`);
}
