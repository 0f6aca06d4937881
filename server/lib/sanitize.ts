/**
 * The one gate rich text passes before it is stored (docs/security.md, "Content and files"): page and block bodies come
 * from TinyMCE in the panel and are later put into the public page with `dangerouslySetInnerHTML`, so whatever this
 * lets through runs on every visitor's page. Hence a fixed allow-list of what an article needs and nothing else.
 *
 * Decisions:
 * - Images only from our own upload endpoint (`/api/users/images/...`, site-relative). The CSP (`img-src 'self'`)
 *   would block any other host anyway, and the product rule is that nothing loads from a third party; dropping such
 *   a `src` here makes the stored page say what the visitor will actually see.
 * - Links: http, https, mailto, tel, site-relative paths (`/about`) and in-page anchors (`#faq`). Protocol-relative
 *   `//host` and backslash tricks (`/\host`) are not site-relative and are dropped. `target` is `_blank` or nothing,
 *   and `_blank` always gets `rel="noopener noreferrer"` so the opened page cannot reach back through `opener`.
 * - No `id`/`name`: they let stored content clobber globals and ids of the page (`window.x`, `#app-state`).
 * - No `style` except `text-align` (TinyMCE's alignment buttons write it); classes only from a short list.
 * - Headings: the page title is the page's `<h1>`, so a body `<h1>` becomes `<h2>`; `<h5>`/`<h6>` become `<h4>`.
 * - Elements that are not markup for text (script, style, svg, math, iframe, object, template, ...) are removed
 *   together with their content; other unknown elements are unwrapped and keep their text.
 */
import sanitize, { type IOptions, type Attributes } from 'sanitize-html';

/** An uploaded image as the image endpoint serves it (spec §7): `/api/users/images/{id}[-{w}x{h}][-c].{format}`. */
export const IMAGE_PATH = /^\/api\/users\/images\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Browsers drop these before reading a URL (WHATWG URL: leading/trailing C0 and space, tabs and newlines inside). */
function browserUrl(value: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** http(s), mailto and tel links, a site path (not `//host`, not `/\host`), or an in-page anchor. */
const ALLOWED_HREF = /^(?:https?:\/\/[^\s]|mailto:|tel:|\/(?![/\\])|#)/i;

/** Link types an editor may set; `opener` and the like, which change how the target page relates to us, may not. */
const LINK_RELS: ReadonlySet<string> = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored', 'external']);

const POSITIVE_INTEGER = /^[1-9][0-9]{0,3}$/;

/** The attributes with each checked one kept only when its check passes (unchecked ones are left to the allow-list). */
function checked(attribs: Attributes, checks: Readonly<Record<string, (value: string) => boolean>>): Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => checks[name]?.(value) ?? true));
}

function isImageSrc(value: string): boolean {
  return IMAGE_PATH.test(browserUrl(value));
}

/** Every candidate of a srcset must be one of our images, or the whole attribute goes. */
function isImageSrcset(value: string): boolean {
  const candidates = value.split(',').map((candidate) => candidate.trim());
  return (
    candidates.length > 0 &&
    candidates.every((candidate) => {
      const [url = '', descriptor, ...rest] = candidate.split(/\s+/);
      return (
        rest.length === 0 &&
        isImageSrc(url) &&
        (descriptor === undefined || /^[0-9]+(?:\.[0-9]+)?[wx]$/.test(descriptor))
      );
    })
  );
}

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'pre',
    'code',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading'],
    th: ['colspan', 'rowspan', { name: 'scope', multiple: false, values: ['row', 'col', 'rowgroup', 'colgroup'] }],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    li: ['style'],
    div: ['style'],
    figure: ['class'],
    pre: ['class'],
    code: ['class'],
  },
  allowedClasses: {
    // TinyMCE's image plugin with captions, and its code sample plugin's language marker.
    figure: ['image'],
    pre: ['language-*'],
    code: ['language-*'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(?:left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Content that is not text for a reader: dropped along with the element rather than unwrapped into the page.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'template',
    'title',
    'svg',
    'math',
    'object',
    'embed',
    'head',
  ],
  // Deeper than any article; bounds the work a crafted body can cause.
  nestingLimit: 40,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const next = checked(attribs, { href: (value) => ALLOWED_HREF.test(browserUrl(value)) });
      const rel = new Set(
        (next.rel ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((token) => LINK_RELS.has(token)),
      );
      if (next.target?.trim().toLowerCase() === '_blank') {
        next.target = '_blank';
        rel.add('noopener').add('noreferrer');
      } else {
        delete next.target;
      }
      if (rel.size > 0) next.rel = [...rel].join(' ');
      else delete next.rel;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: checked(attribs, {
        src: isImageSrc,
        srcset: isImageSrcset,
        width: (value) => POSITIVE_INTEGER.test(value),
        height: (value) => POSITIVE_INTEGER.test(value),
        loading: (value) => value === 'lazy' || value === 'eager',
        sizes: (value) => /^[a-z0-9\s(),.:%-]*$/i.test(value),
      }),
    }),
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    ol: (tagName, attribs) => ({
      tagName,
      attribs: checked(attribs, { start: (value) => /^[0-9]{1,6}$/.test(value) }),
    }),
  },
  // An image whose source was dropped shows nothing: leave no broken `<img>` behind.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function spans(attribs: Attributes): Attributes {
  return checked(attribs, {
    colspan: (value) => POSITIVE_INTEGER.test(value),
    rowspan: (value) => POSITIVE_INTEGER.test(value),
  });
}

/** Rich text as it may be stored and shown: the allow-list above applied to `html`. */
export function sanitizeHtml(html: string): string {
  // NUL first: browsers drop or replace it (so it can hide `java\0script:` from a naive check), and PostgreSQL
  // cannot store it in text at all.
  return sanitize(html.replaceAll('\0', ''), OPTIONS);
}
