/**
 * What search engines and link previews read from the HTML document (issue "SEO and sharing"): description,
 * canonical URL, the ru/en alternates and the Open Graph / Twitter card tags. The server writes them into the
 * document it sends, so crawlers and chat apps that never run the client still see them.
 */
import { LANGUAGES, localizePath, type Language } from '@proxy/contract/languages';
import { matchRoute } from '@proxy/contract/routes';
import { escapeHtml } from './html.ts';
import { IMAGE_PATH } from './sanitize.ts';

/** Open Graph's locale names for the interface languages. */
const OG_LOCALE: Readonly<Record<Language, string>> = { ru: 'ru_RU', en: 'en_US' };

/**
 * The one URL a content page is known by. A page answers at both `/{slug}` and `/page/{slug}`; the short form is
 * canonical because it is what the site itself links to (header menu, home page) and what people share. `/{slug}` is
 * only the generic-page route when no named route claims the path, though: a page whose slug is `page`, `panel`,
 * `home` or `en` is shadowed there, so such a page is canonical at `/page/{slug}`, which always reaches it. Decided against the full route table, not the remotes deployed now, so the URL stays put across deploys.
 */
export function canonicalPagePath(slug: string): string {
  const short = `/${encodeURIComponent(slug)}`;
  return matchRoute(short)?.route.id === 'page' ? short : `/page/${encodeURIComponent(slug)}`;
}

/** An absolute URL on this site, `path` already in the document's language. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}

/** The first uploaded image of a (sanitized) page body, to show when the page is shared. */
export function firstImage(body: string): string | undefined {
  const src = /<img\b[^>]*?\ssrc="([^"]*)"/i.exec(body)?.[1];
  return src !== undefined && IMAGE_PATH.test(src) ? src : undefined;
}

export interface DocumentMeta {
  /** PUBLIC_URL without a trailing slash: every URL in the tags is absolute, as crawlers require. */
  readonly publicUrl: string;
  readonly siteName: string;
  readonly language: Language;
  /** As in `<title>`. */
  readonly title: string;
  /** Empty: no description tags (a search engine then picks a snippet itself). */
  readonly description: string;
  /** The canonical path without the language prefix (`/`, `/about`); each language's URL is built from it. */
  readonly path: string;
  /** `website` for the home page and lists, `article` for a content page. */
  readonly type: 'website' | 'article';
  /** Site-relative (`/api/users/images/...`) or absolute URL of the image for link previews. */
  readonly image?: string | undefined;
}

function tag(attributes: Readonly<Record<string, string>>, name = 'meta'): string {
  const pairs = Object.entries(attributes).map(([key, value]) => `${key}="${escapeHtml(value)}"`);
  return `<${name} ${pairs.join(' ')} />`;
}

/**
 * The head tags of an indexable document (everything but `<title>`, which renderDocument writes). Every value is
 * escaped here: titles and descriptions come from staff-edited pages.
 */
export function documentMeta(meta: DocumentMeta): string {
  const url = (language: Language) => absoluteUrl(meta.publicUrl, localizePath(meta.path, language));
  const canonical = url(meta.language);
  const image =
    meta.image === undefined
      ? undefined
      : /^https?:\/\//i.test(meta.image)
        ? meta.image
        : absoluteUrl(meta.publicUrl, meta.image);
  const tags = [
    ...(meta.description ? [tag({ name: 'description', content: meta.description })] : []),
    tag({ rel: 'canonical', href: canonical }, 'link'),
    ...LANGUAGES.map((language) => tag({ rel: 'alternate', hreflang: language, href: url(language) }, 'link')),
    tag({ rel: 'alternate', hreflang: 'x-default', href: url('ru') }, 'link'),
    tag({ property: 'og:type', content: meta.type }),
    tag({ property: 'og:site_name', content: meta.siteName }),
    tag({ property: 'og:title', content: meta.title }),
    ...(meta.description ? [tag({ property: 'og:description', content: meta.description })] : []),
    tag({ property: 'og:url', content: canonical }),
    tag({ property: 'og:locale', content: OG_LOCALE[meta.language] }),
    ...LANGUAGES.filter((language) => language !== meta.language).map((language) =>
      tag({ property: 'og:locale:alternate', content: OG_LOCALE[language] }),
    ),
    ...(image ? [tag({ property: 'og:image', content: image })] : []),
    tag({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
  ];
  return tags.join('');
}

/** The head of a document search engines must not list: not-found and error pages, the panel, account pages. */
export function noindexMeta(): string {
  return tag({ name: 'robots', content: 'noindex' });
}
