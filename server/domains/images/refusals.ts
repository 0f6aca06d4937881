/** What the image endpoints refuse, with the status and field of each (the errors plugin words them). */
import { IMAGE_FILE_FIELD, IMAGE_MAX_EDGE, IMAGE_MAX_PIXELS } from '@proxy/contract/images';
import { defineRefusals } from '../../lib/refusal.ts';
import { IMAGE_MESSAGES } from './messages.ts';

/** Seconds a client is asked to wait after a 503: a few renders' worth (the queue is full only now). */
const RETRY_AFTER_SECONDS = 2;

export const IMAGE_REFUSALS = defineRefusals('images', {
  // An upload: the body, then the file itself (sniffed, its pixels counted, decoded).
  fileRequired: { status: 400, field: IMAGE_FILE_FIELD, message: IMAGE_MESSAGES.required },
  oneFile: { status: 400, field: IMAGE_FILE_FIELD, message: IMAGE_MESSAGES.oneFile },
  fileTooLarge: { status: 413, field: IMAGE_FILE_FIELD, message: IMAGE_MESSAGES.fileTooLarge },
  /** Broken multipart framing, too many fields, a client gone mid-upload: the request's fault. */
  malformed: { status: 400, message: IMAGE_MESSAGES.malformed },
  empty: { status: 400, field: IMAGE_FILE_FIELD, message: IMAGE_MESSAGES.empty },
  /** Not JPEG, PNG or WebP by its first bytes, whatever its name says. */
  type: { status: 400, field: IMAGE_FILE_FIELD, message: IMAGE_MESSAGES.type },
  invalid: { status: 400, field: IMAGE_FILE_FIELD, message: IMAGE_MESSAGES.invalid },
  tooManyPixels: {
    status: 400,
    field: IMAGE_FILE_FIELD,
    message: IMAGE_MESSAGES.tooManyPixels({ maxPixels: IMAGE_MAX_PIXELS, maxEdge: IMAGE_MAX_EDGE }),
  },
  // A variant's name.
  unknownFormat: { status: 400, message: IMAGE_MESSAGES.unknownFormat },
  sizeNotAllowed: { status: 400, message: IMAGE_MESSAGES.sizeNotAllowed },
  crop: { status: 400, message: IMAGE_MESSAGES.crop },
  /** The render queue is full (docs/security.md: concurrency capped, 503 when the queue is full). */
  busy: {
    status: 503,
    message: IMAGE_MESSAGES.busy,
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  },
});
