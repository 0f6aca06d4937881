import * as v from 'valibot';
import { html, requiredText } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';

/**
 * Releases of the service's client apps (docs/product.md "Panel: Updates (versions)"): the Android app that turns a
 * phone into a proxy and the desktop agents. Staff upload a build (or give an external URL) in the panel; the apps'
 * updaters ask `GET /api/versions/latest`; the public downloads page shows the latest published release per platform.
 *
 * A file is uploaded first, on its own (`POST /api/panel/versions/files/`, streamed to disk with its size and SHA-256
 * computed on the way, so the form can show progress), and a release then names it by `file_id`. A file no release
 * names is removed after a day.
 */

export const PLATFORMS = ['android', 'windows', 'macos', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const CHANNELS = ['stable', 'beta'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The largest upload unless `VERSION_MAX_UPLOAD_BYTES` says otherwise (1 GB). */
export const DEFAULT_MAX_UPLOAD_BYTES = 1024 ** 3;
export const MAX_VERSION_NAME = 50;
/** Version codes are positive integers within PostgreSQL's integer, as Android's `versionCode`. */
export const MAX_VERSION_CODE = 2_100_000_000;
export const MAX_CHANGELOG = 20_000;

const timestamp = v.string();
/** `YYYY-MM-DD`. */
const date = v.pipe(v.string(), v.regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, 'date'));

/** An uploaded build: its original file name (no path), its size and SHA-256 as the server computed them. */
export const VersionFileSchema = v.object({
  id: v.number(),
  name: v.string(),
  size: v.number(),
  sha256: v.string(),
  created_at: timestamp,
});
export type VersionFile = v.InferOutput<typeof VersionFileSchema>;

/** A release as staff see it. */
export const PanelVersionSchema = v.object({
  id: v.number(),
  platform: v.picklist(PLATFORMS),
  channel: v.picklist(CHANNELS),
  version_name: v.string(),
  version_code: v.number(),
  /** The uploaded build, or null with `external_url`. */
  file: v.nullable(VersionFileSchema),
  external_url: v.nullable(v.string()),
  /** Where the app is downloaded from: this site's download URL of the file, or the external URL. */
  url: v.string(),
  /** The file's size and SHA-256; null for an external URL (the server never saw the file). */
  size: v.nullable(v.number()),
  sha256: v.nullable(v.string()),
  changelog_ru: v.string(),
  changelog_en: v.string(),
  released_at: v.string(),
  published: v.boolean(),
  forced: v.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PanelVersion = v.InferOutput<typeof PanelVersionSchema>;

export const VERSION_LIST = defineList({
  orderings: ['version_code', 'released_at', 'platform', 'updated_at'],
  filters: {
    platform: { type: 'list', choices: PLATFORMS },
    channel: { type: 'list', choices: CHANNELS },
    published: { type: 'list', choices: ['true', 'false'] },
  },
});
export type VersionListParams = ListParams<typeof VERSION_LIST>;

/**
 * Create (POST) or change (PATCH, any subset) a release. Exactly one of `file_id` and `external_url`; the version
 * code must be higher than every other release's of the same platform and channel (a field error otherwise).
 * Changelogs are rich text, sanitized by the server.
 */
export const VersionInputSchema = v.object({
  platform: v.picklist(PLATFORMS),
  channel: v.optional(v.picklist(CHANNELS), 'stable'),
  version_name: requiredText(MAX_VERSION_NAME),
  version_code: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_VERSION_CODE)),
  file_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
  external_url: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000), v.url(), v.regex(/^https:\/\//i, 'https'))),
    null,
  ),
  changelog_ru: v.optional(html(MAX_CHANGELOG), ''),
  changelog_en: v.optional(html(MAX_CHANGELOG), ''),
  released_at: date,
  published: v.optional(v.boolean(), false),
  forced: v.optional(v.boolean(), false),
});
export type VersionInput = v.InferInput<typeof VersionInputSchema>;

/**
 * `GET /api/versions/latest?platform=&channel=` (public, for the apps' updaters): the newest published release, its
 * notes in the request's language. 404 when nothing is published; `ETag` + `Cache-Control`, 304 on a match.
 */
export const LatestVersionSchema = v.object({
  versionCode: v.number(),
  versionName: v.string(),
  url: v.string(),
  size: v.nullable(v.number()),
  sha256: v.nullable(v.string()),
  forced: v.boolean(),
  /** The changelog as HTML, in the request's language (ru when the English one is empty). */
  notes: v.string(),
  releasedAt: v.string(),
});
export type LatestVersion = v.InferOutput<typeof LatestVersionSchema>;

/** `GET /api/versions/downloads/` (public): the latest published stable release of each platform that has one. */
export const DownloadsSchema = v.array(
  v.object({
    platform: v.picklist(PLATFORMS),
    version_name: v.string(),
    version_code: v.number(),
    url: v.string(),
    /** The download's file name (for the link's `download` attribute); null for an external URL. */
    file_name: v.nullable(v.string()),
    size: v.nullable(v.number()),
    sha256: v.nullable(v.string()),
    released_at: v.string(),
    notes: v.string(),
  }),
);
export type Downloads = v.InferOutput<typeof DownloadsSchema>;
