// @vitest-environment jsdom
// jsdom's parser is the HTML5 tree builder browsers use, so the checks below see what a browser would build.
import { describe, expect, it } from 'vitest';
import { SEED_PAGES } from '../db/seed-pages.ts';
import { XSS_CORPUS } from '../test/xss-corpus.ts';
import { IMAGE_PATH, sanitizeHtml } from './sanitize.ts';

/** What may survive, per element: the allow-list restated independently of the implementation's option object. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: ['style'],
  br: [],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: ['style'],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading'],
  figure: ['class'],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  hr: [],
  pre: ['class'],
  code: ['class'],
  span: [],
  div: ['style'],
};

const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;

/** Parses like a browser does (HTML5 tree building) and lists every way the result could run or load something. */
function problemsOf(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  const problems: string[] = [];
  for (const element of host.querySelectorAll('*')) {
    const tag = element.localName;
    const allowed = ALLOWED[tag];
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !allowed) {
      problems.push(`element <${tag}>`);
      continue;
    }
    for (const { name, value } of element.attributes) {
      if (/(?:java|vb)script:|data:|xss\.invalid/i.test(value)) problems.push(`<${tag} ${name}="${value}">`);
      if (!allowed.includes(name)) problems.push(`<${tag} ${name}>`);
      if (name === 'href' && !SAFE_HREF.test(value.trim())) problems.push(`<${tag} href="${value}">`);
      if (name === 'src' && !IMAGE_PATH.test(value)) problems.push(`<${tag} src="${value}">`);
      if (name === 'srcset' && !value.split(',').every((c) => IMAGE_PATH.test(c.trim().split(/\s+/)[0] ?? ''))) {
        problems.push(`<${tag} srcset="${value}">`);
      }
      if (name === 'style' && !/^text-align:(left|right|center|justify);?$/.test(value.replace(/\s/g, ''))) {
        problems.push(`<${tag} style="${value}">`);
      }
      if (name === 'target' && (value !== '_blank' || !/noopener/.test(element.getAttribute('rel') ?? ''))) {
        problems.push(`<${tag} target="${value}" rel="${element.getAttribute('rel')}">`);
      }
    }
  }
  // Mutation XSS: what the browser serializes must parse back to the same tree.
  const once = host.innerHTML;
  host.innerHTML = once;
  if (host.innerHTML !== once) problems.push('the markup mutates when parsed again');
  return problems;
}

function textOf(html: string): string {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.textContent ?? '';
}

describe('sanitizeHtml on the XSS corpus', () => {
  it('has the corpus it claims: many vectors, each with both payloads, unique names', () => {
    expect(XSS_CORPUS.length).toBeGreaterThan(150);
    expect(new Set(XSS_CORPUS.map((vector) => vector.name)).size).toBe(XSS_CORPUS.length);
    expect(new Set(XSS_CORPUS.map((vector) => vector.id)).size).toBe(XSS_CORPUS.length);
    expect(XSS_CORPUS.filter((vector) => vector.html.includes(`alert(${vector.id})`)).length).toBeGreaterThan(60);
    expect(XSS_CORPUS.filter((vector) => vector.html.includes(`window.__xss=${vector.id}`)).length).toBeGreaterThan(60);
  });

  it.each(XSS_CORPUS.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const clean = sanitizeHtml(vector.html);
    expect(problemsOf(clean), clean).toEqual([]);
    // Stable: cleaning again changes nothing, so what is stored is exactly what is served.
    expect(sanitizeHtml(clean)).toBe(clean);
    if (vector.keep) expect(textOf(clean)).toContain(vector.keep);
  });

  it('the check above flags the raw vectors (so it can fail)', () => {
    const missed = new Set(
      XSS_CORPUS.filter((vector) => problemsOf(vector.html).length === 0).map((vector) =>
        vector.name.replace(/-(alert|sentinel)$/, ''),
      ),
    );
    // Only the vectors that are inert even unsanitized when put into an element: markup inside a quoted title or alt
    // text, <body> handlers (ignored inside a <div>), and a tag cut off by the end of the input.
    expect([...missed].sort()).toEqual([
      'a-title-break',
      'body-onload',
      'body-onpageshow',
      'img-alt-script',
      'img-onerror-unquoted-unclosed',
    ]);
  });
});

describe('sanitizeHtml keeps an article', () => {
  it('keeps what TinyMCE writes for an article', () => {
    const article = [
      '<h2 style="text-align: center;">Heading</h2>',
      '<p>Text with <strong>bold</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u>, <s>s</s>, H<sub>2</sub>O, x<sup>2</sup>.</p>',
      '<h3>Sub</h3><h4>Subsub</h4>',
      '<blockquote><p>Quote</p></blockquote>',
      '<ul><li>One</li><li>Two<ol start="3"><li>Three</li></ol></li></ul>',
      '<p><a href="https://example.com/a?b=1&amp;c=2" title="Example">external</a> <a href="/faq">faq</a> ' +
        '<a href="#prices">anchor</a> <a href="mailto:help@example.com">mail</a> <a href="tel:+70000000000">tel</a></p>',
      '<figure class="image"><img src="/api/users/images/abc123.webp" alt="Modem" width="800" height="600" ' +
        'srcset="/api/users/images/abc123-400x300.webp 400w, /api/users/images/abc123-800x600.webp 800w" ' +
        'sizes="(max-width: 600px) 400px, 800px" loading="lazy" /><figcaption>Caption</figcaption></figure>',
      '<table><thead><tr><th scope="col">Plan</th><th>Price</th></tr></thead>' +
        '<tbody><tr><td colspan="2" rowspan="1">Cell</td></tr></tbody></table>',
      '<hr /><pre class="language-javascript"><code>const a = 1 &lt; 2;</code></pre>',
      '<div style="text-align: right;"><span>span</span></div>',
    ].join('');
    expect(sanitizeHtml(article)).toBe(
      article
        .replaceAll('text-align: center;', 'text-align:center')
        .replaceAll('text-align: right;', 'text-align:right'),
    );
  });

  it('leaves the seeded pages as they are', () => {
    for (const page of SEED_PAGES) {
      for (const body of [page.ru.body, page.en.body]) {
        expect(sanitizeHtml(body)).toBe(body);
        expect(problemsOf(body)).toEqual([]);
      }
    }
  });

  it('opens _blank links without a way back to the page, and drops other targets and unknown rel values', () => {
    expect(sanitizeHtml('<a href="https://example.com/" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="_BLANK" rel="nofollow opener">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="_top" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('keeps the link text but not a link to anywhere but http(s), mail, phone or this site', () => {
    for (const href of [
      'javascript:alert(1)',
      '//evil.example/x',
      '/\\evil.example',
      'ftp://x/y',
      'file:///etc/passwd',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">text</a>`), href).toBe('<a>text</a>');
    }
  });

  it('keeps only uploaded images, and drops an image left without a source', () => {
    expect(sanitizeHtml('<p>a<img src="https://cdn.example/x.png" alt="x" />b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<img src="/uploads/x.png" />')).toBe('');
    expect(sanitizeHtml('<img src="/api/users/images/x.png" width="0" height="abc" loading="auto" />')).toBe(
      '<img src="/api/users/images/x.png" />',
    );
    expect(
      sanitizeHtml('<img src="/api/users/images/x.png" srcset="/api/users/images/x-400x300.png 400w, /x.png 2x" />'),
    ).toBe('<img src="/api/users/images/x.png" />');
  });

  it('maps headings into the page outline and drops comments, ids, classes and styles off the list', () => {
    expect(sanitizeHtml('<h1>A</h1><h5>B</h5><h6>C</h6>')).toBe('<h2>A</h2><h4>B</h4><h4>C</h4>');
    expect(sanitizeHtml('<p id="x" class="y" style="color: red; text-align: justify">t</p><!-- note -->')).toBe(
      '<p style="text-align:justify">t</p>',
    );
    expect(sanitizeHtml('<figure class="image evil"><figcaption>c</figcaption></figure>')).toBe(
      '<figure class="image"><figcaption>c</figcaption></figure>',
    );
  });

  it('removes NUL characters, which browsers skip and PostgreSQL cannot store', () => {
    expect(sanitizeHtml('<p title="x">a\u0000b</p><a href="/a\u0000b" title="t\u0000">x</a>')).toBe(
      '<p>ab</p><a href="/ab" title="t">x</a>',
    );
  });

  it('unwraps unknown elements and keeps their text, but drops non-text elements with their content', () => {
    expect(sanitizeHtml('<section><article><p>kept</p></article></section>')).toBe('<p>kept</p>');
    expect(sanitizeHtml('<p>a</p><style>p{}</style><svg><text>svg</text></svg><iframe>f</iframe><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
  });
});
