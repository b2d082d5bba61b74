/**
 * A whitelist sanitiser for the admin's custom home message (setting
 * `customHomeMessage`). Settings are admin input, but they reach every
 * visitor's page, so only plain formatting survives: no scripts, no event
 * handlers, no styles, no javascript: URLs.
 */
const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'div', 'em', 'h2', 'h3', 'h4', 'hr', 'i', 'img',
  'li', 'ol', 'p', 'small', 'span', 'strong', 'u', 'ul',
]);

/** Dropped with everything inside them: their content is code or embedded documents. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math',
  'frame', 'frameset', 'link', 'meta', 'base', 'form', 'textarea', 'select', 'title',
]);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['title', 'class', 'dir', 'lang'],
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};

const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

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

function copyAllowedAttributes(source: Element, target: Element): void {
  const tag = source.localName;
  const allowed = [...(ALLOWED_ATTRIBUTES['*'] ?? []), ...(ALLOWED_ATTRIBUTES[tag] ?? [])];
  for (const { name, value } of Array.from(source.attributes)) {
    const attribute = name.toLowerCase();
    if (!allowed.includes(attribute)) continue;
    if (URL_ATTRIBUTES.has(attribute) && !isSafeUrl(value)) continue;
    if (attribute === 'target' && value !== '_blank') continue;
    target.setAttribute(attribute, value);
  }
  if (tag === 'a' && target.getAttribute('target') === '_blank') {
    // The opened page must not get a handle on this window.
    target.setAttribute('rel', 'noopener noreferrer');
  }
}

function cleanChildren(source: ParentNode, target: ParentNode, doc: Document): void {
  for (const node of Array.from(source.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const tag = element.localName;
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      // An unknown wrapper (e.g. <font>, <center>) loses its tag but keeps its words.
      cleanChildren(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    copyAllowedAttributes(element, copy);
    cleanChildren(element, copy, doc);
    target.appendChild(copy);
  }
}

/** Returns HTML that holds only whitelisted tags and attributes. */
export function sanitizeHtml(html: string): string {
  // A <template>'s content is inert: nothing in it runs or loads while we read it.
  const template = document.createElement('template');
  template.innerHTML = html;
  const doc = template.content.ownerDocument;
  const output = doc.createElement('div');
  cleanChildren(template.content, output, doc);
  return output.innerHTML;
}
