/**
 * A whitelist sanitiser for the admin's custom home message (setting
 * `customHomeMessage`) and content pages. Settings are admin input, but they
 * reach every visitor's page, so only plain formatting survives: no scripts,
 * no event handlers, no styles, no javascript: URLs. The rules live in
 * src/api/html-rules.ts, shared with the server's sanitiser.
 */
import { DROPPED_WITH_CONTENT, ALLOWED_TAGS, URL_ATTRIBUTES, allowedAttributesOf, isSafeUrl } from '../api/html-rules.ts';

export { isSafeUrl };

function copyAllowedAttributes(source: Element, target: Element): void {
  const tag = source.localName;
  const allowed = allowedAttributesOf(tag);
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
