/**
 * Images (spec §3, §7): uploaded once, then served as `{host}/api/users/images/{id}[-{w}x{h}][-c].{format}`.
 *
 * - `{format}`: `webp`, `jpeg` (`jpg` is read as `jpeg`) or `png`; any image is served in any of them.
 * - `-{w}x{h}`: a size from `IMAGE_SIZES` only; anything else is a 400. Free sizes would let anyone make the server
 *   render (and store) millions of variants of one image, the cache-busting attack of docs/security.md.
 *   `{w}x0` means "this width, the height follows the image's own ratio"; otherwise `{w}x{h}` is a box.
 * - Without `-c` the image is fitted inside the box (its ratio kept); with `-c` it covers the box and is cropped
 *   around the centre to exactly `{w}x{h}`, so a grid of cards lines up whatever was uploaded. `-c` needs both sides.
 * - Never enlarged: a source smaller than the box comes back at its own size (cropped to the box's ratio with `-c`).
 *   `renderedSize` is that rule, shared by the server that renders and the `srcSet` the UI writes.
 * - Without a size the whole uploaded image is served (in the asked format).
 *
 * The server, the panel's upload form and the public pages all use this module, so a size the UI asks for is
 * always one the server renders.
 */
import type { ApiClient } from './api/client.ts';
import { IMAGE_FORMATS, type Image, type ImageFormat } from './schemas/image.ts';

// Named here too: the image rules are read from this module (the wire schema needs the formats, not the rules).
export { IMAGE_FORMATS, type ImageFormat };

/**
 * The allowed sizes. Widths are the site's layout widths at device pixel ratios 1–2 (a 320–960 px column, full
 * width up to 1920; 800 is a full-width image on the common phones, 360–412 px at 1.75–2x, which would otherwise
 * download the 960 one, half as many pixels again); the boxes repeat them for the three ratios the design uses (1:1 icons, avatars and tiles; 4:3
 * cards; 16:9 banners and video posters), and the small squares are payment-method icons and avatars at 1x–2x.
 * Adding a size is an additive change; removing one breaks the pages that link it.
 */
export const IMAGE_SIZES = [
  // Width only: content images of any ratio.
  '160x0',
  '320x0',
  '480x0',
  '640x0',
  '800x0',
  '960x0',
  '1280x0',
  '1920x0',
  // 1:1
  '16x16',
  '24x24',
  '32x32',
  '48x48',
  '64x64',
  '96x96',
  '128x128',
  '160x160',
  '192x192',
  '256x256',
  '320x320',
  '480x480',
  '640x640',
  '960x960',
  // 4:3
  '160x120',
  '320x240',
  '480x360',
  '640x480',
  '960x720',
  '1280x960',
  '1920x1440',
  // 16:9
  '160x90',
  '320x180',
  '480x270',
  '640x360',
  '960x540',
  '1280x720',
  '1920x1080',
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The ratio families of `IMAGE_SIZES`, for `imageSrcSet`: `auto` is the width-only sizes. */
export const IMAGE_RATIOS = ['auto', '1:1', '4:3', '16:9'] as const;
export type ImageRatio = (typeof IMAGE_RATIOS)[number];

const SIZE_SET: ReadonlySet<string> = new Set(IMAGE_SIZES);

export function isImageSize(value: string): value is ImageSize {
  return SIZE_SET.has(value);
}

/** Width and height of a size; 0 stands for "follow the image". */
export function sizeDimensions(size: ImageSize): { readonly width: number; readonly height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function sizeRatio(size: ImageSize): ImageRatio {
  const { width, height } = sizeDimensions(size);
  if (height === 0) return 'auto';
  const d = gcd(width, height);
  return `${width / d}:${height / d}` as ImageRatio;
}

/** What building a URL needs: what other resources keep of an image (a page block, a payment-method icon). */
export type ImageRef = Pick<Image, 'id' | 'file_parse'>;
export type { Image };

/** `POST` here, multipart with one file field named `file` (the client's `upload` helper). */
export const IMAGE_UPLOAD_PATH = '/api/users/images/';
export const IMAGE_FILE_FIELD = 'file';
/** Upload limits; the server enforces them, the upload form can check them before sending. */
export const IMAGE_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_EDGE = 10_000;
/** What the upload accepts, for an `<input accept>`: the server sniffs the bytes, the name and type don't count. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export interface ImageVariant {
  readonly size?: ImageSize | undefined;
  /** Cover the box and crop to it; needs a size with both sides. */
  readonly crop?: boolean | undefined;
  /** Default: the image's own format. */
  readonly format?: ImageFormat | undefined;
}

/** The file name part of an image URL, e.g. `12-640x480-c.webp`; the one canonical spelling of a variant. */
export function imageName(id: number, format: ImageFormat, variant: Omit<ImageVariant, 'format'> = {}): string {
  if (variant.crop && (!variant.size || sizeDimensions(variant.size).height === 0)) {
    throw new Error(`Cropping needs a width and a height, got ${variant.size ?? 'no size'}`);
  }
  if (variant.size !== undefined && !isImageSize(variant.size)) throw new Error(`Size ${variant.size} is not allowed`);
  const size = variant.size ? `-${variant.size}` : '';
  return `${id}${size}${variant.crop ? '-c' : ''}.${format}`;
}

/** The absolute URL of an image variant on the image's host. */
export function imageUrl(image: ImageRef, variant: ImageVariant = {}): string {
  const host = image.file_parse.host.replace(/\/+$/, '');
  return `${host}/api/users/images/${imageName(image.id, variant.format ?? image.file_parse.format, variant)}`;
}

/** Ids are PostgreSQL integers; no leading zeros or signs, so each image has one spelling. */
const MAX_ID = 2_147_483_647;
const NAME = /^([1-9][0-9]{0,9})(?:-([0-9]{1,5}x[0-9]{1,5}))?(-c)?\.([a-z]{1,10})$/;

export type ParsedImageName =
  | {
      readonly ok: true;
      readonly id: number;
      readonly size: ImageSize | null;
      readonly crop: boolean;
      readonly format: ImageFormat;
      /** `jpg` spelt `jpeg`: renders of both spellings are one file and one ETag. */
      readonly canonical: string;
    }
  | {
      readonly ok: false;
      /** malformed: not an image name at all (404); the others are a wrong part of a well-formed name (400). */
      readonly problem: 'malformed' | 'format' | 'size' | 'crop';
      readonly value: string;
    };

/** Reads `{id}[-{w}x{h}][-c].{format}`. Sizes outside `IMAGE_SIZES` (also `0640x0480`) are a `size` problem. */
export function parseImageName(name: string): ParsedImageName {
  const match = NAME.exec(name);
  if (!match || Number(match[1]) > MAX_ID) return { ok: false, problem: 'malformed', value: name };
  const [, idText = '', sizeText, cropText, formatText = ''] = match;
  const format = formatText === 'jpg' ? 'jpeg' : formatText;
  if (!(IMAGE_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, problem: 'format', value: formatText };
  }
  if (sizeText !== undefined && !isImageSize(sizeText)) return { ok: false, problem: 'size', value: sizeText };
  const size = (sizeText ?? null) as ImageSize | null;
  const crop = cropText !== undefined;
  if (crop && (size === null || sizeDimensions(size).height === 0)) {
    return { ok: false, problem: 'crop', value: size ?? '' };
  }
  const id = Number(idText);
  const canonical = imageName(id, format as ImageFormat, { size: size ?? undefined, crop });
  return { ok: true, id, size, crop, format: format as ImageFormat, canonical };
}

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The pixel size a variant comes out at from a source of `source` pixels: fitted inside (or, cropped, covering)
 * the box, never larger than the source. A crop the source is too small for keeps the box's ratio at the largest
 * size the source allows.
 */
export function renderedSize(source: PixelSize, variant: Omit<ImageVariant, 'format'> = {}): PixelSize {
  if (!variant.size) return { width: source.width, height: source.height };
  const box = sizeDimensions(variant.size);
  const round = (n: number) => Math.max(1, Math.round(n));
  if (variant.crop && box.height > 0) {
    const scale = Math.max(box.width / source.width, box.height / source.height);
    if (scale <= 1) return box;
    return { width: round(box.width / scale), height: round(box.height / scale) };
  }
  const scale = Math.min(
    1,
    box.width > 0 ? box.width / source.width : 1,
    box.height > 0 ? box.height / source.height : 1,
  );
  return { width: round(source.width * scale), height: round(source.height * scale) };
}

export interface SrcSetOptions {
  /** Which family of sizes: `auto` (width only, the image's own ratio) or one of the box ratios. */
  readonly ratio?: ImageRatio;
  readonly crop?: boolean;
  readonly format?: ImageFormat;
  /** The source's pixel size when known: sizes past it are left out, since they would only repeat the largest. */
  readonly source?: PixelSize;
}

/**
 * A `srcset` for `<img>`: every allowed size of one ratio with its real width as the `w` descriptor, e.g.
 * `…/12-320x0.webp 320w, …/12-640x0.webp 640w`. The page's `sizes` attribute tells the browser which to take.
 */
export function imageSrcSet(image: ImageRef & Partial<PixelSize>, options: SrcSetOptions = {}): string {
  const ratio = options.ratio ?? 'auto';
  const source =
    options.source ?? (image.width && image.height ? { width: image.width, height: image.height } : undefined);
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const size of IMAGE_SIZES) {
    if (sizeRatio(size) !== ratio) continue;
    const crop = ratio !== 'auto' && (options.crop ?? false);
    const width = source ? renderedSize(source, { size, crop }).width : sizeDimensions(size).width;
    if (seen.has(width)) continue;
    seen.add(width);
    entries.push(`${imageUrl(image, { size, crop, format: options.format })} ${width}w`);
  }
  return entries.join(', ');
}

/** Uploads one image (staff with `IMAGE_UPLOAD_PERMISSION`); errors come back as `ApiError` with DRF bodies. */
export function uploadImage(api: ApiClient, file: Blob, filename?: string, signal?: AbortSignal): Promise<Image> {
  return api.upload<Image>(IMAGE_UPLOAD_PATH, file, { field: IMAGE_FILE_FIELD, filename, signal });
}

/**
 * The hero image's `sizes`: beside the title on wide screens, under it on narrow ones. Shared by the page and by the
 * server's preload hint, which must name the same candidates for the browser to reuse its early download.
 */
export const HERO_IMAGE_SIZES = '(min-width: 960px) 520px, (min-width: 600px) 80vw, 100vw';

/**
 * `src` and `srcset` of an image a page block keeps (`{id, width, height}`): WebP on the site's own host, every width
 * of the width-only sizes up to the stored size. One rule for the pages and the server's preload hints.
 */
export function blockImageSources(image: { readonly id: number } & PixelSize): { src: string; srcSet: string } {
  const ref: ImageRef = { id: image.id, file_parse: { host: '', format: 'webp' } };
  return {
    src: imageUrl(ref, { size: '640x0' }),
    srcSet: imageSrcSet({ ...ref, width: image.width, height: image.height }),
  };
}
