import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeHtml } from '../../../src/lib/sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps plain formatting and safe links', () => {
    const html = '<p>Free delivery <strong>today</strong> — <a href="/pages/offers">see offers</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts and styles with their content', () => {
    const html = '<p>Hi</p><script>alert(1)</script><style>body{display:none}</style>';
    expect(sanitizeHtml(html)).toBe('<p>Hi</p>');
  });

  it('removes event handlers and style attributes', () => {
    const out = sanitizeHtml('<img src="/x.png" onerror="alert(1)" style="position:fixed"><p onclick="steal()">x</p>');
    expect(out).toBe('<img src="/x.png"><p>x</p>');
  });

  it('drops javascript:, data: and vbscript: URLs, also when obfuscated', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><img src="data:text/html,x"><a href="vbscript:x">c</a>',
    );
    expect(out).toBe('<a>a</a><a>b</a><img><a>c</a>');
  });

  it('unwraps unknown tags but keeps their words, and drops iframes and forms', () => {
    expect(sanitizeHtml('<center><font color="red">Sale</font></center><iframe src="//evil"></iframe><form><input></form>')).toBe(
      'Sale',
    );
  });

  it('adds rel=noopener to links that open a new tab, and ignores other targets', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.test" target="_top">x</a>')).toBe('<a href="https://x.test">x</a>');
  });

  it('escapes text, so markup in text never becomes markup', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;</p>')).toBe('<p>&lt;script&gt;</p>');
  });
});

describe('isSafeUrl', () => {
  it('allows relative, http(s), mailto and tel', () => {
    for (const url of ['/a', '#top', 'page.html', 'https://x.test', 'http://x.test', 'mailto:a@b.c', 'tel:+123']) {
      expect(isSafeUrl(url)).toBe(true);
    }
  });

  it('refuses script-running schemes', () => {
    for (const url of ['javascript:alert(1)', '\u0001javascript:x', 'data:text/html,x', 'vbscript:x']) {
      expect(isSafeUrl(url)).toBe(false);
    }
  });
});
