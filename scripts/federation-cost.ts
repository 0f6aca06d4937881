// Part of `npm run bench`: how much of a cold visit's JavaScript is Module Federation's own machinery, read from the
// production build's source maps. It is the part of the federated build a single bundle never has, so it bounds how
// close to the single bundle the federated build can get.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

/** Sources that exist only because of federation: its runtime packages and webpack's sharing/container runtime. */
const FEDERATION_SOURCE =
  /node_modules\/(@module-federation\/|\.federation\/)|webpack\/runtime\/(sharing|consumes|remotes|federation runtime|shared-used-exports|shared-fallback|embed\/federation)|webpack\/container-entry/;

export interface FederationCost {
  /** The script's path as the browser requested it. */
  readonly path: string;
  /** gzip (level 6) of the federation parts of the script. */
  readonly gzip: number;
}

/** The built file behind a script path the site serves: remotes under dist/remotes, the shell's files under dist/shell. */
function builtFile(dist: string, path: string): string {
  return path.startsWith('/remotes/') ? join(dist, path) : join(dist, 'shell', path);
}

/**
 * The federation part of one built script. A remote's entry is federation through and through (a single bundle has
 * no container); elsewhere the minified code is attributed to its sources by the source map, and the federation
 * sources' code is gzipped together.
 */
export function federationCost(dist: string, path: string): FederationCost {
  const file = builtFile(dist, path);
  const code = readFileSync(file, 'utf8');
  if (path.endsWith('/remoteEntry.js')) return { path, gzip: gzipSync(code, { level: 6 }).length };
  if (!existsSync(`${file}.map`)) return { path, gzip: 0 };
  const lines = code.split('\n');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  let federation = '';
  let previous: { line: number; column: number; source: string | null } | undefined;
  const flush = (endLine: number, endColumn: number | undefined) => {
    if (!previous?.source || !FEDERATION_SOURCE.test(previous.source)) return;
    const line = lines[previous.line - 1] ?? '';
    federation += line.slice(previous.column, previous.line === endLine ? endColumn : undefined);
  };
  map.eachMapping((mapping) => {
    flush(mapping.generatedLine, mapping.generatedColumn);
    previous = { line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source };
  });
  flush(Number.NaN, undefined);
  return { path, gzip: federation ? gzipSync(federation, { level: 6 }).length : 0 };
}
