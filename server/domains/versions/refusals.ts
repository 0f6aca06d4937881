/** What the versions endpoints refuse, with the status and field of each (the errors plugin words them). */
import { defineRefusals } from '../../lib/refusal.ts';
import { VERSION_MESSAGES } from './messages.ts';

/** The multipart field of an upload. */
export const FILE_FIELD = 'file';

export const VERSION_REFUSALS = defineRefusals('versions', {
  // An upload.
  fileRequired: { status: 400, field: FILE_FIELD, message: VERSION_MESSAGES.required },
  fileEmpty: { status: 400, field: FILE_FIELD, message: VERSION_MESSAGES.empty },
  oneFile: { status: 400, field: FILE_FIELD, message: VERSION_MESSAGES.oneFile },
  badName: { status: 400, field: FILE_FIELD, message: VERSION_MESSAGES.badName },
  fileTooLarge: { status: 413, field: FILE_FIELD, message: VERSION_MESSAGES.fileTooLarge },
  /** Broken multipart framing, too many fields, a client gone mid-upload: the request's fault. */
  malformed: { status: 400, message: VERSION_MESSAGES.malformed },
  // A release.
  /** The version code only grows within a platform and channel. */
  codeNotHigher: { status: 400, field: 'version_code', message: VERSION_MESSAGES.codeNotHigher },
  fileOrUrl: { status: 400, field: 'file_id', message: VERSION_MESSAGES.fileOrUrl },
  notBoth: { status: 400, field: 'external_url', message: VERSION_MESSAGES.notBoth },
  unknownFile: { status: 400, field: 'file_id', message: VERSION_MESSAGES.unknownFile },
  /** One release per file (`versions_file_id_key`). */
  fileUsed: { status: 400, field: 'file_id', message: VERSION_MESSAGES.fileUsed },
  noRelease: { status: 404, message: VERSION_MESSAGES.noRelease },
});
