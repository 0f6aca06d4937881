/**
 * Multipart bodies broken the ways a client or a network breaks them (#43: each was a 500 on the auth endpoints):
 * every route that takes multipart answers them 400.
 */
import { multipartBody, type FilePart } from './images.ts';

export interface BrokenBody {
  readonly label: string;
  readonly payload: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/** `parts` as a multipart body, broken five ways; each part's data must be at least 2 bytes. */
export function brokenMultipartBodies(parts: readonly FilePart[]): readonly BrokenBody[] {
  const whole = multipartBody(parts);
  const type = whole.headers['content-type'] ?? '';
  const boundary = type.slice(type.indexOf('boundary=') + 'boundary='.length);
  const closing = `--${boundary}--\r\n`.length;
  const firstHeadersEnd = whole.payload.indexOf('\r\n\r\n');
  return [
    {
      label: 'without its closing boundary',
      payload: whole.payload.subarray(0, whole.payload.length - closing),
      headers: whole.headers,
    },
    {
      label: 'cut inside a part’s headers',
      payload: whole.payload.subarray(0, firstHeadersEnd - 5),
      headers: whole.headers,
    },
    {
      // The last part's data cut short: the stream ends where the declared length says more is to come.
      label: 'shorter than its Content-Length',
      payload: whole.payload.subarray(0, whole.payload.length - closing - 4),
      headers: { ...whole.headers, 'content-length': String(whole.payload.length) },
    },
    {
      label: 'framed by another boundary than its Content-Type’s',
      payload: Buffer.from(whole.payload.toString('latin1').replaceAll(boundary, 'another-boundary'), 'latin1'),
      headers: whole.headers,
    },
    {
      label: 'with no boundary in its Content-Type',
      payload: whole.payload,
      headers: { 'content-type': 'multipart/form-data' },
    },
  ];
}
