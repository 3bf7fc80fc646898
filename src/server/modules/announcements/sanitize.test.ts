import { describe, expect, it } from 'vitest';
import { plainText, plainTextOf, sanitizeAnnouncementHtml as clean } from './sanitize.js';

describe('sanitizeAnnouncementHtml', () => {
  it('keeps ordinary formatting, lists, tables, links and images of our file store', () => {
    const html =
      '<h2>Holiday hours</h2><p>We close on <strong>1 May</strong> and <em>reopen</em> on <u>2 May</u>.</p>' +
      '<ul><li>Bangkok</li><li>Taipei</li></ul><ol start="3"><li>third</li></ol>' +
      '<table border="1"><thead><tr><th scope="col">Day</th></tr></thead><tbody><tr><td colspan="2">Mon</td></tr></tbody></table>' +
      '<p><a href="https://help.example.com/hours" title="Hours">hours</a> <a href="mailto:ops@example.com">mail us</a></p>' +
      '<p><img src="/api/sys/common/static/notice/map.png" alt="map" width="200"></p>';
    expect(clean(html)).toBe(html.replace(/<img([^>]*)>/g, '<img$1 />'));
  });

  it('removes images from anywhere but our file store: a remote image is a tracking pixel', () => {
    for (const src of [
      'https://tracker.example/pixel.gif?reader=1',
      'http://cdn.example.com/map.png',
      '//tracker.example/p.gif',
      '/files/logo.png',
      '/api/sys/common/static/../../sys/user/list',
      '/api/sys/common/static/a.png?x=1',
      'x',
    ]) {
      expect(clean(`<p>a<img src="${src}" alt="x">b</p>`), src).toBe('<p>ab</p>');
    }
    expect(clean('<img alt="no source">')).toBe('');
  });

  it('keeps safe inline styles and drops the rest of a style attribute', () => {
    expect(
      clean(
        '<p style="color:#c00;text-align:center;position:fixed;background:url(javascript:alert(1))">x</p>',
      ),
    ).toBe('<p style="color:#c00;text-align:center">x</p>');
    expect(clean('<span style="width:expression(alert(1))">x</span>')).toBe('<span>x</span>');
  });

  it('removes scripts and style sheets with their content', () => {
    expect(clean('<p>Hi<script>alert(document.cookie)</script></p>')).toBe('<p>Hi</p>');
    expect(clean('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(clean('<SCRIPT SRC=https://evil.example/x.js></SCRIPT>')).toBe('');
    expect(clean('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('removes event handlers', () => {
    expect(clean('<img src=/api/sys/common/static/a.png onerror=alert(1)>')).toBe(
      '<img src="/api/sys/common/static/a.png" />',
    );
    expect(clean('<p onclick="steal()" onmouseover="steal()">x</p>')).toBe('<p>x</p>');
    expect(clean('<svg onload=alert(1)><circle /></svg>')).toBe('');
    expect(clean('<body onload=alert(1)>x')).toBe('x');
  });

  it('removes javascript:, vbscript: and data: addresses however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript&#58;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ]) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(clean('<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">')).toBe('');
    expect(clean('<img src="//evil.example/pixel.gif">')).toBe('');
    expect(clean('<img src="mailto:a@example.com">')).toBe('');
  });

  it('removes frames, objects, forms and document-level tags', () => {
    expect(
      clean(
        '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">' +
          '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
      ),
    ).toBe('Go');
    expect(
      clean(
        '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">' +
          '<link rel="stylesheet" href="https://evil.example/x.css">',
      ),
    ).toBe('');
  });

  it('survives mutation-XSS markup', () => {
    const output = clean('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>');
    expect(output).not.toMatch(/onerror|<style|<math/i);
    const noscript = clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>');
    expect(noscript).not.toMatch(/onerror/i);
  });

  it('opens new windows without a reference back and drops other targets', () => {
    expect(clean('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="https://x.example" target="_parent">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });

  it('escapes text that only looks like markup', () => {
    expect(clean('1 < 2 & "quotes" > 0')).toBe('1 &lt; 2 &amp; "quotes" &gt; 0');
  });
});

describe('plainTextOf', () => {
  it('gives the text of the HTML with blocks separated by spaces', () => {
    expect(plainTextOf('<p>Tom &amp; Jerry &lt;3</p><p>second<br>line</p><script>x()</script>', 100)).toBe(
      'Tom & Jerry <3 second line',
    );
  });

  it('leaves no markup that entity-encoding hid', () => {
    expect(plainTextOf('<p>&lt;img src=x onerror=alert(1)&gt;Sale</p>', 100)).toBe('Sale');
    expect(plainTextOf('&#60;script&#62;alert(1)&#60;/script&#62;hi', 100)).toBe('hi');
    expect(plainTextOf('&amp;lt;b&amp;gt; stays text', 100)).toBe('&lt;b&gt; stays text');
  });

  it('cuts long text with an ellipsis', () => {
    expect(plainTextOf(`<p>${'a'.repeat(50)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('plainText', () => {
  it('removes every tag of a title and keeps its text', () => {
    expect(plainText('<b>Sale</b> <i onclick="x()">today</i>')).toBe('Sale today');
    expect(plainText('<img src=x onerror=alert(1)>Sale')).toBe('Sale');
    expect(plainText('&lt;svg onload=alert(1)&gt;')).toBe('');
    expect(plainText('<script>alert(1)</script>')).toBe('');
  });

  it('keeps text that only looks like markup', () => {
    expect(plainText('1 < 2 & 3 > 2')).toBe('1 < 2 & 3 > 2');
    expect(plainText('R&D "quoted"')).toBe('R&D "quoted"');
  });
});
