import { describe, expect, it } from 'vitest';
import { escapeHtml, isMobileUserAgent, jsonForScript, NO_SCRIPT, renderDocument } from './html.ts';

describe('renderDocument', () => {
  const template = '<!doctype html><html lang="ru"><head><!--app-title--></head><body><!--app-state--></body></html>';

  it('fills the language, the title and the state', () => {
    const html = renderDocument(template, { language: 'en', title: 'FAQ', state: { language: 'en', ip: '::1' } });
    expect(html).toBe(
      '<!doctype html><html lang="en"><head><title>FAQ</title></head><body>' +
        '<script id="app-state" type="application/json">{"language":"en","ip":"::1"}</script></body></html>',
    );
  });

  it('puts a server-rendered page in #root, its router state beside the state, and its scripts behind the paint', () => {
    const shell =
      '<html><head><!--app-title--><link rel="preload" href="/react.1a2b3c4d.js" as="script">' +
      '<link rel="preload" href="/router.5e6f7a8b.js" as="script">' +
      '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"></head>' +
      '<body><div id="root"></div><!--app-state--><script defer src="/main.js"></script>' +
      '<!--after-paint:/after-paint.js--></body></html>';
    const plain = renderDocument(shell, { language: 'ru', title: 'T', state: {} });
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).toContain('<link rel="preload" href="/react.1a2b3c4d.js" as="script">');
    expect(plain).toContain('<script defer src="/main.js"></script>');
    expect(plain).not.toContain('after-paint');
    // Rendered pages that load their scripts as the template has them: with a shell built before after-paint.js, and
    // when the URL carries an e-mail link's secret (the app takes it out of the address bar at once).
    const page = { language: 'ru', title: 'T', state: {}, root: '<main></main>' } as const;
    for (const atOnce of [
      renderDocument(shell.replace('<!--after-paint:/after-paint.js-->', ''), page),
      renderDocument(shell, { ...page, scriptsAtOnce: true }),
    ]) {
      expect(atOnce).toContain('<link rel="preload" href="/react.1a2b3c4d.js" as="script">');
      expect(atOnce).toContain('<script defer src="/main.js"></script>');
      expect(atOnce).not.toContain('after-paint');
    }
    expect(plain).not.toContain('app-router');

    const rendered = renderDocument(shell, {
      language: 'ru',
      title: 'T',
      state: {},
      root: '<main><h1>$& Заголовок</h1></main>',
      router: { loaderData: { 'ru:home': { title: '</script>' } }, errors: {} },
    });
    expect(rendered).toContain('<div id="root"><main><h1>$& Заголовок</h1></main></div>');
    // Its scripts start after the first paint: neither preloaded nor deferred by the document itself.
    expect(rendered).not.toContain('as="script"');
    expect(rendered).not.toContain('<script defer src="/main.js">');
    expect(rendered).toContain('<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous">');
    expect(rendered).toMatch(
      /<script id="app-router"[^>]*>.*<\/script><script defer src="\/after-paint\.js" data-preload="\/react\.1a2b3c4d\.js \/router\.5e6f7a8b\.js" data-scripts="\/main\.js"><\/script><\/body>/,
    );
    expect(rendered).toContain(
      '<script id="app-router" type="application/json">{"loaderData":{"ru:home":{"title":"\\u003c/script\\u003e"}},"errors":{}}</script>',
    );
  });

  it('carries a server-rendered page’s stylesheets inline, in place of the template’s links to them', () => {
    const shell =
      '<html><head><!--app-title--><link href="/main.css" rel="stylesheet"><link href="/other.css" rel="stylesheet">' +
      '</head><body><div id="root"></div><!--app-state--></body></html>';
    const styles = [
      { href: '/main.css', css: 'body{margin:0}' },
      { href: '/remotes/marketing/a.css', css: '.a{content:"</style><script>alert(1)</script>"}' },
      { href: '/remotes/marketing/font.css', css: '@font-face{src:url(./f.woff2)}' },
    ];
    const rendered = renderDocument(shell, { language: 'ru', title: 'T', state: {}, root: '<main></main>', styles });
    expect(rendered).toContain(
      '<title>T</title><style data-href="/main.css">body{margin:0}</style>' +
        '<style data-href="/remotes/marketing/a.css">.a{content:"<\\/style><script>alert(1)</script>"}</style>' +
        // Its relative font URL must resolve against the stylesheet, not the page: linked, in its place in the cascade.
        '<link rel="stylesheet" href="/remotes/marketing/font.css">' +
        '<link href="/other.css" rel="stylesheet"></head>',
    );
    expect(rendered).not.toContain('<link href="/main.css"');
    // A page the browser renders links its stylesheets as before.
    expect(renderDocument(shell, { language: 'ru', title: 'T', state: {}, styles })).toContain(
      '<title>T</title><link href="/main.css" rel="stylesheet">',
    );
  });

  it("says, in the page's language, that a page the browser renders needs scripts; a server-rendered one reads without", () => {
    const shell = '<html><head><!--app-title--></head><body><div id="root"></div><!--app-state--></body></html>';
    for (const language of ['ru', 'en'] as const) {
      expect(renderDocument(shell, { language, title: 'T', state: {} })).toContain(
        `<div id="root"></div><noscript><p class="noscript">${NO_SCRIPT[language]}</p></noscript>`,
      );
      expect(renderDocument(shell, { language, title: 'T', state: {}, root: '<main></main>' })).not.toContain(
        'noscript',
      );
    }
    expect(NO_SCRIPT.ru).toMatch(/^Для этой страницы нужен JavaScript/);
  });

  it('adds lang to an <html> tag without one', () => {
    expect(renderDocument('<html><body></body></html>', { language: 'ru', title: '', state: {} })).toBe(
      '<html lang="ru"><body></body></html>',
    );
  });

  it('cannot be broken out of by state values or titles', () => {
    const evil = '</script><script>alert(1)</script><!--';
    const html = renderDocument(template, {
      language: 'ru',
      title: `$& ${evil}`,
      state: { user: { email: evil } as never },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>$&amp; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</title>');
    const json = /<script id="app-state" type="application\/json">(.*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ user: { email: evil } });
  });
});

describe('jsonForScript', () => {
  it('escapes <, >, & and the JavaScript line separators but stays valid JSON', () => {
    const value = { a: '<b>&\u2028\u2029' };
    const json = jsonForScript(value);
    expect(json).toBe('{"a":"\\u003cb\\u003e\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('isMobileUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', true],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0', false],
    [undefined, false],
  ])('%s → %s', (ua, expected) => {
    expect(isMobileUserAgent(ua)).toBe(expected);
  });
});
