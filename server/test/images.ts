/** Image fixtures: real JPEG/PNG/WebP files made with sharp, hostile ones made by hand, multipart bodies. */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { ImageFormat } from '@proxy/contract/images';
import sharp from 'sharp';

export interface TestImageOptions {
  readonly width: number;
  readonly height: number;
  readonly format: ImageFormat;
  /** EXIF orientation to write (6 = the camera was turned: shown rotated 90° clockwise). */
  readonly orientation?: number;
  /** Write EXIF with a GPS position and a camera serial, the data an upload must not publish. */
  readonly privateExif?: boolean;
}

/** An image whose left half is red and right half blue, so crops and rotations show in the pixels. */
export async function testImage(options: TestImageOptions): Promise<Buffer> {
  const { width, height } = options;
  const half = Math.floor(width / 2);
  // Composited first: the orientation and EXIF below must go on the final encode, not an intermediate one.
  const flat = await sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  let out = sharp(flat);
  if (options.privateExif) {
    out = out.withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret 1', Copyright: 'someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
    });
  }
  if (options.orientation) out = out.withMetadata({ orientation: options.orientation });
  return out.toFormat(options.format).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `width`×`height` all-black pixels whose zeros deflate to almost
 * nothing (20000×20000 = 400 megapixels in ~50 KB), which a decoder without a pixel cap would try to allocate.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it; parts without a filename are plain fields. */
export function multipartBody(parts: readonly FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----formdata-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
