import { exportProxies, type ExportFormat, type Proxy } from '@proxy/contract/schemas/proxies';
import { isoDay } from '../common/format.ts';

export type ExportFile = 'txt' | 'csv';

/** `proxies-2026-06-01-http.txt`: the day it was taken and the format, so two downloads do not overwrite each other. */
export const exportFileName = (format: ExportFormat, file: ExportFile, day: Date) =>
  `proxies-${isoDay(day)}-${format}.${file}`;

/**
 * Saves the proxies as a file, made here from rows already on screen (nothing is sent: the passwords never travel
 * again). A CSV starts with a byte-order mark, or Excel would read a Cyrillic comment as mojibake.
 */
export function downloadProxies(proxies: readonly Proxy[], format: ExportFormat, file: ExportFile): void {
  const text = exportProxies(proxies, format, file);
  const blob = new Blob(file === 'csv' ? ['\ufeff', text] : [text], {
    type: file === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(format, file, new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
