/** Filling the shell's index.html: the language, the title and the initial state the first render needs. */
import type { Language } from '@proxy/contract/languages';
import type { InitialState } from '@proxy/contract/session-state';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON that is safe inside a `<script>` element: `<` is escaped so `</script>` or `<!--` in a value (a page title,
 * a User-Agent) cannot end the element and inject markup; `>`/`&` and the JS line separators for good measure.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface DocumentParts {
  readonly language: Language;
  readonly title: string;
  /** More of the head after the title (description, canonical, Open Graph): markup the caller has escaped. */
  readonly head?: string;
  readonly state: Partial<InitialState>;
  /** The page rendered on the server: the markup of `#root`. Without it the browser renders the page. */
  readonly root?: string;
  /** With `root`: the router's state the browser hydrates with (shell/src/app/router-state.ts). */
  readonly router?: unknown;
  /**
   * With `root`: the stylesheets it paints with, in cascade order, carried inline (a `<link>` of the template to one
   * of them is dropped), so the first paint needs the document alone, not one more round trip per file. One with a
   * `url()` (a font, an image) stays a link: inline, its relative URLs would resolve against the page instead.
   */
  readonly styles?: readonly { readonly href: string; readonly css: string }[];
  /**
   * With `root`: the scripts load with the document, as the template has them, not after the first paint. For a page
   * whose URL carries an e-mail link's secret: the app's first act takes it out of the address bar, as early as ever.
   */
  readonly scriptsAtOnce?: boolean;
}

/**
 * What a page the browser renders (a customer's, the panel, any page when server rendering is off) shows with scripts
 * off, instead of nothing at all. A page rendered on the server reads without scripts and needs no such line.
 */
export const NO_SCRIPT: Readonly<Record<Language, string>> = {
  ru: 'Для этой страницы нужен JavaScript: включите его в настройках браузера и обновите страницу.',
  en: 'This page needs JavaScript: turn it on in your browser settings and reload the page.',
};

/** CSS inside `<style>`: nothing in it may close the element. */
const cssForStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/** The template's placeholders: `<!--app-title-->` in head, `<!--app-state-->` in body (shell/index.html). */
export function renderDocument(template: string, parts: DocumentParts): string {
  const inline = parts.root === undefined ? [] : (parts.styles ?? []);
  const state =
    `<script id="app-state" type="application/json">${jsonForScript(parts.state)}</script>` +
    (parts.root === undefined
      ? ''
      : `<script id="app-router" type="application/json">${jsonForScript(parts.router ?? null)}</script>`);
  const afterPaint = AFTER_PAINT.exec(template)?.[1];
  // The template's own tags only: nothing of the page's content can be taken for a script to start.
  return (
    (
      parts.root === undefined || parts.scriptsAtOnce || !afterPaint
        ? template
        : scriptsAfterPaint(template, afterPaint)
    )
      .replace(AFTER_PAINT, '')
      // Functions as replacements, so `$&`-style patterns in a title are not interpreted.
      .replace(/<html\b[^>]*>/i, (tag) =>
        /\blang=/i.test(tag)
          ? tag.replace(/\blang=("[^"]*"|'[^']*'|[^\s>]*)/i, () => `lang="${parts.language}"`)
          : tag.replace(/^<html/i, () => `<html lang="${parts.language}"`),
      )
      .replace(/<link href="([^"]+)" rel="stylesheet">/g, (tag, href: string) =>
        inline.some((sheet) => sheet.href === href) ? '' : tag,
      )
      .replace(
        '<!--app-title-->',
        () =>
          `<title>${escapeHtml(parts.title)}</title>${parts.head ?? ''}` +
          inline
            .map((sheet) =>
              /url\(/i.test(sheet.css)
                ? `<link rel="stylesheet" href="${escapeHtml(sheet.href)}">`
                : `<style data-href="${escapeHtml(sheet.href)}">${cssForStyle(sheet.css)}</style>`,
            )
            .join(''),
      )
      .replace('<div id="root"></div>', () =>
        parts.root === undefined
          ? `<div id="root"></div><noscript><p class="noscript">${NO_SCRIPT[parts.language]}</p></noscript>`
          : `<div id="root">${parts.root}</div>`,
      )
      .replace('<!--app-state-->', () => state)
  );
}

/**
 * The shell's script that starts a page's scripts once it has painted (shell/public/after-paint.js), named by its
 * build in the template. A shell built before it has no such comment: its pages load their scripts as they always did.
 */
const AFTER_PAINT = /<!--after-paint:([^\s>]+)-->/;

const SCRIPT_PRELOAD = /<link rel="preload" href="([^"]+)" as="script">/g;
const DEFERRED_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;

/**
 * A page already in the HTML paints without its scripts, so they wait for that paint instead of sharing a slow
 * phone's bandwidth with the document: the template's script preloads and deferred scripts become one small script,
 * after-paint.js, that starts them all right after the first paint.
 */
function scriptsAfterPaint(template: string, afterPaint: string): string {
  const preload = [...template.matchAll(SCRIPT_PRELOAD)].map((match) => match[1]);
  const scripts = [...template.matchAll(DEFERRED_SCRIPT)].map((match) => match[1]);
  if (scripts.length === 0) return template;
  const starter =
    `<script defer src="${escapeHtml(afterPaint)}" data-preload="${escapeHtml(preload.join(' '))}" ` +
    `data-scripts="${escapeHtml(scripts.join(' '))}"></script>`;
  return template
    .replace(SCRIPT_PRELOAD, '')
    .replace(DEFERRED_SCRIPT, '')
    .replace('</body>', () => `${starter}</body>`);
}

/** Phones and tablets, for the first render's layout (spec §3 `mobile`); the client refines it after hydration. */
const MOBILE_UA =
  /Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle|PlayBook|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i;

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && MOBILE_UA.test(userAgent);
}
