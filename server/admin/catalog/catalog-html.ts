/**
 * The server's HTML sanitiser for content pages: the same whitelist as the
 * app's (src/api/html-rules.ts), without a DOM. The page is read as a stream
 * of tags and text and written out again from what was understood, never
 * copied: text has its `<` and `>` escaped, a kept tag is rebuilt from its
 * name and its whitelisted attributes with quoted values. Whatever the input
 * looks like, the output can only hold whitelisted markup; where this reader
 * and a browser might disagree about odd input, something is dropped, never
 * let through. The app sanitises again before showing a page.
 */
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, URL_ATTRIBUTES, allowedAttributesOf, isSafeUrl } from '../../../src/api/html-rules.ts';

const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements whose content a browser reads as plain text up to their end tag. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'iframe', 'noscript', 'xmp', 'noembed', 'noframes']);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' };
/** An entity reference a browser would decode; anything else beginning with & is a plain ampersand. */
const ENTITY_REFERENCE = /&(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/y;

interface Attribute {
  name: string;
  value: string;
}

interface StartTag {
  name: string;
  attributes: Attribute[];
  end: number;
}

/** Escapes markup characters; an entity reference already in the text stays one. */
function escapeText(text: string, quote = false): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i] as string;
    if (character === '&') {
      ENTITY_REFERENCE.lastIndex = i;
      out += ENTITY_REFERENCE.test(text) ? '&' : '&amp;';
    } else if (character === '<') out += '&lt;';
    else if (character === '>') out += '&gt;';
    else if (character === '"' && quote) out += '&quot;';
    else out += character;
  }
  return out;
}

/** An attribute value as a browser reads it, or undefined when it holds an entity this reader does not know. */
function decodedValue(value: string): string | undefined {
  let unknown = false;
  const decoded = value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    if (named === undefined) unknown = true;
    return named ?? match;
  });
  return unknown ? undefined : decoded;
}

const isSpace = (character: string | undefined) => character === ' ' || character === '\t' || character === '\n' || character === '\r' || character === '\f';

/** Reads the tag opening at `start` (`<name …>`); undefined when it never closes. */
function readStartTag(html: string, start: number): StartTag | undefined {
  let i = start + 1;
  let name = '';
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') name += html[i++];
  const attributes: Attribute[] = [];
  while (i < html.length) {
    while (isSpace(html[i]) || html[i] === '/') i += 1;
    if (i >= html.length) return undefined;
    if (html[i] === '>') return { name: name.toLowerCase(), attributes, end: i + 1 };
    let attribute = '';
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && (html[i] !== '=' || attribute === '')) attribute += html[i++];
    while (isSpace(html[i])) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (isSpace(html[i])) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return undefined;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') value += html[i++];
      }
    }
    const lower = attribute.toLowerCase();
    // The first of two same-named attributes wins, as in a browser.
    if (!attributes.some((kept) => kept.name === lower)) attributes.push({ name: lower, value });
  }
  return undefined;
}

function rebuiltStartTag(tag: StartTag): string {
  const allowed = allowedAttributesOf(tag.name);
  let out = `<${tag.name}`;
  let opensNewTab = false;
  for (const { name, value } of tag.attributes) {
    if (!allowed.includes(name)) continue;
    if (URL_ATTRIBUTES.has(name)) {
      const url = decodedValue(value);
      if (url === undefined || !isSafeUrl(url)) continue;
    }
    if (name === 'target') {
      if (value !== '_blank') continue;
      opensNewTab = true;
    }
    out += ` ${name}="${escapeText(value, true)}"`;
  }
  // The opened page must not get a handle on this window.
  if (tag.name === 'a' && opensNewTab) out += ' rel="noopener noreferrer"';
  return `${out}>`;
}

/** Where the content of a dropped element ends: after its end tag (matching nested ones), or the end of the text. */
function endOfDropped(html: string, tag: string, from: number): number {
  const lower = html.toLowerCase();
  if (RAW_TEXT_TAGS.has(tag)) {
    const close = lower.indexOf(`</${tag}`, from);
    if (close < 0) return html.length;
    const end = html.indexOf('>', close);
    return end < 0 ? html.length : end + 1;
  }
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s/>])`, 'gi');
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] === '/' ? -1 : 1;
    if (depth === 0) {
      const end = html.indexOf('>', match.index);
      return end < 0 ? html.length : end + 1;
    }
  }
  return html.length;
}

/** HTML that holds only whitelisted tags and attributes, with every opened tag closed. */
export function sanitizeHtmlText(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
    } else if (next === '!' || next === '?') {
      const close = html.indexOf('>', lt);
      i = close < 0 ? html.length : close + 1;
    } else if (next === '/' && /[a-zA-Z]/.test(html[lt + 2] ?? '')) {
      const close = html.indexOf('>', lt);
      const name = /^[a-zA-Z][^\s/>]*/.exec(html.slice(lt + 2))?.[0].toLowerCase() ?? '';
      const at = open.lastIndexOf(name);
      // An end tag closes its element and any left open inside it; a stray one is dropped.
      if (at >= 0) while (open.length > at) out += `</${open.pop() as string}>`;
      i = close < 0 ? html.length : close + 1;
    } else if (/[a-zA-Z]/.test(next)) {
      const tag = readStartTag(html, lt);
      if (!tag) break;
      i = tag.end;
      if (DROPPED_WITH_CONTENT.has(tag.name)) i = endOfDropped(html, tag.name, i);
      else if (ALLOWED_TAGS.has(tag.name)) {
        out += rebuiltStartTag(tag);
        if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
      }
      // An unknown wrapper (e.g. <font>, <center>) loses its tag but keeps its words.
    } else {
      out += '&lt;';
      i = lt + 1;
    }
  }
  while (open.length > 0) out += `</${open.pop() as string}>`;
  return out;
}
