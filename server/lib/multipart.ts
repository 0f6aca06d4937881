/**
 * Multipart bodies (@fastify/multipart over busboy), read by the routes that take them. The plugin's body parser
 * only marks the request, so Fastify applies no `bodyLimit` to them, and the parser's failures come as they are:
 * busboy reports a body cut short of its closing boundary, a Content-Type without a boundary or a part with broken
 * headers as plain `Error`s, which the errors plugin answered 500 (#43), and reads a part over its size limit to its
 * end, however long, before the limit is reported. These helpers answer each as the request's fault, as early as it is
 * known: a body declared too large before a byte of it is read, a file the moment it passes its limit, any other
 * failure to parse as 400 `Malformed request.` (DRF's ParseError).
 *
 * An answer given before the body was read to its end closes the connection: Node would otherwise read the rest
 * (to find the next request on the connection) after answering, which is what refusing early is meant to spare.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_REFUSALS, Refusal } from './refusal.ts';

/**
 * What a multipart body may add around its file: boundaries, part headers and the few small fields an upload's
 * limits allow. A route's `bodyLimit` is its file limit plus this; a body declared longer cannot hold a file that
 * fits.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The plugin's errors for a part, a file or a field too many or too large (`limits` of `request.parts()`). */
const LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_REQ_FILE_TOO_LARGE']);

/** Whether the parser failed on a limit, rather than on a body that does not parse or a client gone. */
function isLimitError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LIMIT_ERRORS.has(code);
}

/** `refusal`, the connection marked to close after it: the body is not read to its end first. */
export function refuseUnread(reply: FastifyReply, refusal: Refusal): Refusal {
  reply.header('connection', 'close');
  return refusal;
}

/**
 * Throws `tooLarge()` when the body is declared (Content-Length) longer than the route's `bodyLimit`, before any of it
 * is read; in an upload route's `onRequest` hook, also before `100 Continue` is granted (app.ts). A body without a
 * Content-Length (chunked) is held to the parser's limits while it streams.
 */
export function refuseDeclaredOversize(request: FastifyRequest, reply: FastifyReply, tooLarge: () => Refusal): void {
  if (Number(request.headers['content-length']) > request.routeOptions.bodyLimit) {
    throw refuseUnread(reply, tooLarge());
  }
}

/**
 * A file part read to memory, refused with `tooLarge()` the moment it passes the parser's `fileSize` limit: busboy
 * would go on reading (and dropping) the rest of the file to its closing boundary before the limit reached us.
 */
export async function readFileWithin(
  part: MultipartFile,
  reply: FastifyReply,
  tooLarge: () => Refusal,
): Promise<Buffer> {
  // Destroying the file stream also unpipes the request from the parser (the plugin's 'close' handler): nothing
  // more of the body is read. The limit may have been passed already, by data that arrived with the part's start.
  const refuse = () => part.file.destroy(refuseUnread(reply, tooLarge()));
  if (part.file.truncated) refuse();
  else part.file.once('limit', refuse);
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Limits of a form sent as multipart: a handful of short fields; files only as wrong-typed fields. */
const FORM_LIMITS = { fields: 20, parts: 25, fieldSize: 64 * 1024, files: 2, fileSize: 64 * 1024 };

/**
 * A form sent as multipart, as DRF's `request.data`: each field's value (a string, or what a part declared as
 * `application/json` holds), a file as its bytes (a wrong-typed field for a schema that wants a string), a repeated
 * field as its last value (QueryDict.get). A body over the route's `bodyLimit` or the form's limits is 413, a value
 * cut short by a limit included (never a silently truncated field); one that does not parse is 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, unknown>> {
  const tooLarge = () => COMMON_REFUSALS.bodyTooLarge();
  refuseDeclaredOversize(request, reply, tooLarge);
  const form: Record<string, unknown> = Object.create(null);
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        form[part.fieldname] = await readFileWithin(part, reply, tooLarge);
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        throw refuseUnread(reply, tooLarge());
      } else {
        form[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    const refusal = isLimitError(error) ? COMMON_REFUSALS.bodyTooLarge : COMMON_REFUSALS.malformedBody;
    throw refuseUnread(reply, refusal({ cause: error }));
  }
  return form;
}
