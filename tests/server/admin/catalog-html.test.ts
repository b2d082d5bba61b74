/**
 * The server's sanitiser for content pages keeps exactly what the app's DOM
 * sanitiser keeps (the same cases as tests/unit/lib/sanitize-html.test.ts),
 * and never lets odd markup through as markup.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtmlText } from '../../../server/admin/catalog/catalog-html.ts';

describe('sanitizeHtmlText', () => {
  it('keeps plain formatting and safe links', () => {
    const html = '<p>Free delivery <strong>today</strong> — <a href="/pages/offers">see offers</a></p>';
    expect(sanitizeHtmlText(html)).toBe(html);
  });

  it('removes scripts and styles with their content', () => {
    expect(sanitizeHtmlText('<p>Hi</p><script>alert(1)</script><style>body{display:none}</style>')).toBe('<p>Hi</p>');
    expect(sanitizeHtmlText('<p>a</p><SCRIPT type="x">if (a < b) document.write("<p>")</SCRIPT >b')).toBe('<p>a</p>b');
  });

  it('removes event handlers and style attributes', () => {
    expect(sanitizeHtmlText('<img src="/x.png" onerror="alert(1)" style="position:fixed"><p onclick="steal()">x</p>')).toBe(
      '<img src="/x.png"><p>x</p>',
    );
  });

  it('drops javascript:, data: and vbscript: URLs, also when obfuscated with whitespace or entities', () => {
    expect(
      sanitizeHtmlText(
        '<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><img src="data:text/html,x"><a href="vbscript:x">c</a>',
      ),
    ).toBe('<a>a</a><a>b</a><img><a>c</a>');
    expect(sanitizeHtmlText('<a href="javascript&#58;alert(1)">d</a><a href="java&Tab;script:x">e</a><a href="&unknown;javascript:x">f</a>')).toBe(
      '<a>d</a><a>e</a><a>f</a>',
    );
  });

  it('unwraps unknown tags but keeps their words, and drops iframes and forms with their content', () => {
    expect(sanitizeHtmlText('<center><font color="red">Sale</font></center><iframe src="//evil"></iframe><form><input></form>')).toBe('Sale');
    expect(sanitizeHtmlText('<svg><svg></svg><script>x</script></svg>after')).toBe('after');
  });

  it('adds rel=noopener to links that open a new tab, and ignores other targets', () => {
    expect(sanitizeHtmlText('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtmlText('<a href="https://x.test" target="_top">x</a>')).toBe('<a href="https://x.test">x</a>');
  });

  it('escapes text, so markup in text never becomes markup, and entities stay entities', () => {
    expect(sanitizeHtmlText('<p>&lt;script&gt;</p>')).toBe('<p>&lt;script&gt;</p>');
    expect(sanitizeHtmlText('<p>Fish & chips &copy; 3 < 4 > 2</p>')).toBe('<p>Fish &amp; chips &copy; 3 &lt; 4 &gt; 2</p>');
  });

  it('quotes attribute values, closes what was left open and drops stray end tags, comments and doctypes', () => {
    expect(sanitizeHtmlText('<!doctype html><!-- note --><p title=a"b class=\'x\'>one<b>two</p></div>three')).toBe(
      '<p title="a&quot;b" class="x">one<b>two</b></p>three',
    );
    expect(sanitizeHtmlText('<p>cut <a href="/x"')).toBe('<p>cut </p>');
  });
});
