/**
 * Image bytes in, image bytes out, with sharp (libvips): what an upload is turned into before it is stored, and
 * how a variant is rendered. No database, no files: `image-store.ts` keeps the results.
 *
 * The limits are the defence against hostile files (docs/security.md): the type is read from
 * the bytes (a `.jpg` name or an `image/jpeg` header proves nothing), the pixel count is read from the header and
 * refused before anything is decoded (a 50 KB PNG can claim 20000×20000 = 1.2 GB of pixels), only the first frame
 * of an animation is read, and every operation has a time limit.
 */
import { IMAGE_MAX_EDGE, IMAGE_MAX_PIXELS, type ImageFormat, type PixelSize } from '@proxy/contract/images';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_REFUSALS } from './refusals.ts';

/** What libvips said about a file it could not read: too many pixels, or not an image it understands. */
function unreadable(error: unknown) {
  return isPixelLimitError(error)
    ? IMAGE_REFUSALS.tooManyPixels({ cause: error })
    : IMAGE_REFUSALS.invalid({ cause: error });
}

/** A wedged decode (a crafted file, a libvips bug) gives its worker thread back after this. */
const TIMEOUT_SECONDS = 20;

/**
 * The format, from the file's first bytes. Only these three: SVG can carry script and fetch local files, GIF,
 * TIFF, HEIF and PDF bring large parsers for no use the site has; none of them reaches libvips' loaders.
 */
export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF <size> WEBP
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** A sharp pipeline over untrusted bytes: the pixel cap, errors on corrupt data, the first frame only. */
function decode(bytes: Uint8Array, options: { autoOrient?: boolean } = {}): Sharp {
  return sharp(bytes, {
    limitInputPixels: IMAGE_MAX_PIXELS,
    // The strictest level: a truncated or damaged file is refused instead of stored half grey.
    failOn: 'warning',
    pages: 1,
    autoOrient: options.autoOrient ?? false,
  }).timeout({ seconds: TIMEOUT_SECONDS });
}

/** Encoder settings: sources are kept near-lossless (they are rendered again later), variants are for the web. */
function encode(pipeline: Sharp, format: ImageFormat, purpose: 'store' | 'render'): Sharp {
  const quality = purpose === 'store' ? 92 : 80;
  switch (format) {
    case 'jpeg':
      // JPEG has no alpha: transparent parts would come out black, white is what a page around them shows.
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, progressive: purpose === 'render' });
    case 'png':
      return pipeline.png({ compressionLevel: purpose === 'store' ? 9 : 6 });
    case 'webp':
      return pipeline.webp({ quality });
  }
}

export interface NormalizedImage extends PixelSize {
  readonly data: Buffer;
  readonly format: ImageFormat;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * An upload made safe to keep: checked (type, pixels, decodable), turned upright by its EXIF orientation, and
 * re-encoded in its own format, which drops EXIF (GPS position, camera serial), XMP and comments, and any bytes
 * after the image (a polyglot's payload).
 */
export async function normalizeUpload(bytes: Uint8Array): Promise<NormalizedImage> {
  if (bytes.length === 0) throw IMAGE_REFUSALS.empty();
  const format = sniffFormat(bytes);
  if (!format) throw IMAGE_REFUSALS.type();
  let metadata: Metadata;
  try {
    metadata = await decode(bytes).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  // libvips can read a file whose magic bytes say otherwise only if the bytes lie; refuse rather than guess.
  if (metadata.format !== format) throw IMAGE_REFUSALS.invalid();
  const { width, height } = metadata.autoOrient;
  if (width * height > IMAGE_MAX_PIXELS || width > IMAGE_MAX_EDGE || height > IMAGE_MAX_EDGE) {
    throw IMAGE_REFUSALS.tooManyPixels();
  }
  try {
    const { data, info } = await encode(decode(bytes, { autoOrient: true }), format, 'store').toBuffer({
      resolveWithObject: true,
    });
    return { data, format, width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * One variant of a stored (already normalized) image: resized to exactly `size` (the contract's `renderedSize`,
 * so never larger than the source) and encoded as `format`. `size` equal to the source's skips the resize.
 */
export async function renderVariant(
  source: Uint8Array,
  sourceSize: PixelSize,
  size: PixelSize,
  format: ImageFormat,
): Promise<Buffer> {
  let pipeline = decode(source);
  if (size.width !== sourceSize.width || size.height !== sourceSize.height) {
    // `cover` at the exact target: for a fit this only evens out rounding, for a crop it cuts around the centre.
    pipeline = pipeline.resize(size.width, size.height, { fit: 'cover', position: 'centre' });
  }
  return encode(pipeline, format, 'render').toBuffer();
}

export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
