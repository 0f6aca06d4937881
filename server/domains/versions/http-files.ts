/**
 * What serving a download needs from HTTP: one byte range (RFC 9110 §14), the `Content-Disposition` of a file name
 * (RFC 6266 with RFC 8187's `filename*`) and the type browsers and package installers expect.
 */

export interface ByteRange {
  /** First and last byte, inclusive. */
  readonly start: number;
  readonly end: number;
}

/**
 * The range a `Range` header asks of a file of `size` bytes: a range, 'unsatisfiable' (416), or null to send the
 * whole file — for no header, another unit, a malformed value or several ranges (a server may ignore a Range header,
 * and multipart/byteranges is not worth it for downloads that resume from one offset).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes (all of them when the file is shorter).
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** `attachment` with an ASCII fallback for old clients and the exact UTF-8 name in `filename*`. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves these four, which RFC 8187's attr-char does not allow.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function contentTypeOf(name: string): string {
  return /\.apk$/i.test(name) ? 'application/vnd.android.package-archive' : 'application/octet-stream';
}

/** `If-None-Match` / `If-Range` against a strong ETag (weak comparison for the former, as RFC 9110 asks). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A file name as uploaded is kept only when it cannot name another path or hide what it is: no slashes, no `..`, no
 * control characters (nor the bidirectional overrides that make `gpj.apk` read as `apk.jpg`), at most 255 bytes.
 */
export function acceptableFileName(name: string): boolean {
  return (
    name !== '' &&
    !/[/\\]/.test(name) &&
    !name.includes('..') &&
    !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(name) &&
    Buffer.byteLength(name, 'utf8') <= 255
  );
}
