/**
 * The `versions` table: releases, with their file joined. Reads for the panel, the updaters' latest release and the
 * downloads page; writes for the service, which checks the version-code rule under `lockGroup` in its transaction.
 */
import type { Language } from '@proxy/contract/languages';
import type { Channel, Platform, VersionListParams } from '@proxy/contract/schemas/versions';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { assignments, localized, type ColumnMap } from '../../lib/sql.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { VERSION_REFUSALS } from './refusals.ts';

/** The rules the service checks under its locks, backed up by the schema should a writer reach them past the checks. */
const refusing = refuseOnConstraint({
  versions_file_id_key: VERSION_REFUSALS.fileUsed,
  versions_file_id_fkey: VERSION_REFUSALS.unknownFile,
});

/** A release as stored, with its file's columns (null for an external URL). */
export interface VersionRow {
  readonly id: number;
  readonly platform: Platform;
  readonly channel: Channel;
  readonly version_name: string;
  readonly version_code: number;
  readonly file_id: number | null;
  readonly external_url: string | null;
  readonly changelog_ru: string;
  readonly changelog_en: string;
  readonly released_at: string;
  readonly published: boolean;
  readonly forced: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  readonly file_name: string | null;
  readonly file_size: number | null;
  readonly file_sha256: string | null;
  readonly file_created_at: string | null;
}

/** The columns a create writes (changelogs sanitized by then). */
export interface VersionWrite {
  readonly platform: Platform;
  readonly channel: Channel;
  readonly version_name: string;
  readonly version_code: number;
  readonly file_id: number | null;
  readonly external_url: string | null;
  readonly changelog_ru: string;
  readonly changelog_en: string;
  readonly released_at: string;
  readonly published: boolean;
  readonly forced: boolean;
}

const COLUMNS = `v.id, v.platform, v.channel, v.version_name, v.version_code, v.file_id, v.external_url,
  v.changelog_ru, v.changelog_en, to_char(v.released_at, 'YYYY-MM-DD') AS released_at, v.published, v.forced,
  v.created_at, v.updated_at, f.original_name AS file_name, f.size AS file_size, f.sha256 AS file_sha256,
  f.created_at AS file_created_at`;
const FROM = 'versions v LEFT JOIN version_files f ON f.id = v.file_id';

const FIELDS: ColumnMap = Object.fromEntries(
  [
    'platform',
    'channel',
    'version_name',
    'version_code',
    'file_id',
    'external_url',
    'changelog_ru',
    'changelog_en',
    'released_at',
    'published',
    'forced',
  ].map((field) => [field, { column: field }]),
);

function withIsoDates<T extends VersionRow>(row: T): T {
  const iso = (value: unknown) => new Date(value as string).toISOString();
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    file_created_at: row.file_created_at === null ? null : iso(row.file_created_at),
  };
}

function filter(params: VersionListParams): { sql: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  const { platform, channel, published } = params.filters ?? {};
  if (platform) add((n) => `v.platform = ANY($${n}::text[])`, platform);
  if (channel) add((n) => `v.channel = ANY($${n}::text[])`, channel);
  if (published)
    add(
      (n) => `v.published = ANY($${n}::boolean[])`,
      published.map((value) => value === 'true'),
    );
  for (const term of searchTerms(params.search)) add((n) => `v.version_name ILIKE $${n}`, likePattern(term));
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

/** A published release as the updaters and the downloads page read it: notes in one language. */
export type PublishedRow = VersionRow & { readonly notes: string };

export function versionsRepository(q: Queryable) {
  return {
    async get(id: number): Promise<VersionRow | null> {
      const [row] = await q.query<VersionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id = $1`, [id]);
      return row ? withIsoDates(row) : null;
    },

    /** The release's row, locked for an edit or a delete (the file's row is not locked). */
    async lock(id: number): Promise<VersionRow | null> {
      const [row] = await q.query<VersionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id = $1 FOR UPDATE OF v`, [id]);
      return row ? withIsoDates(row) : null;
    },

    /**
     * Serializes every writer of one platform and channel's codes until the transaction ends: a transaction-level
     * advisory lock, since "higher than every other" is a rule over rows that a concurrent create has not made yet
     * (no row lock can cover them).
     */
    async lockGroup(platform: Platform, channel: Channel): Promise<void> {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext('versions'), hashtext($1 || ':' || $2))`, [
        platform,
        channel,
      ]);
    },

    /** The highest code of the platform and channel, leaving out release `except`; null when there is none. */
    async highestCode(platform: Platform, channel: Channel, except: number | null): Promise<number | null> {
      const [row] = await q.query<{ highest: number | null }>(
        `SELECT max(version_code) AS highest FROM versions
          WHERE platform = $1 AND channel = $2 AND id IS DISTINCT FROM $3`,
        [platform, channel, except],
      );
      return row?.highest ?? null;
    },

    async create(write: VersionWrite): Promise<number> {
      const [row] = await q
        .query<{ id: number }>(
          `INSERT INTO versions (platform, channel, version_name, version_code, file_id, external_url, changelog_ru,
                               changelog_en, released_at, published, forced)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            write.platform,
            write.channel,
            write.version_name,
            write.version_code,
            write.file_id,
            write.external_url,
            write.changelog_ru,
            write.changelog_en,
            write.released_at,
            write.published,
            write.forced,
          ],
        )
        .catch(refusing);
      return (row as { id: number }).id;
    },

    async update(id: number, changes: Partial<VersionWrite>): Promise<void> {
      const { sql, params } = assignments(changes, FIELDS, 2);
      await q.query(`UPDATE versions SET ${sql} WHERE id = $1`, [id, ...params]).catch(refusing);
    },

    async delete(id: number): Promise<void> {
      await q.query('DELETE FROM versions WHERE id = $1', [id]);
    },

    async count(params: VersionListParams): Promise<number> {
      const { sql, values } = filter(params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM versions v WHERE ${sql}`,
        values,
      );
      return row?.count ?? 0;
    },

    async list(params: VersionListParams, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<VersionRow[]> {
      const { sql, values } = filter(params);
      const ordering = params.ordering ?? '-released_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const rows = await q.query<VersionRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${sql}
          ORDER BY v.${ordering.replace(/^-/, '')} ${direction}, v.id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map(withIsoDates);
    },

    /** The published release with the highest code of the platform and channel. */
    async latest(platform: Platform, channel: Channel, language: Language): Promise<PublishedRow | null> {
      const [row] = await q.query<PublishedRow>(
        `SELECT ${COLUMNS}, ${localized('v.changelog', language)} AS notes FROM ${FROM}
          WHERE v.published AND v.platform = $1 AND v.channel = $2
          ORDER BY v.version_code DESC LIMIT 1`,
        [platform, channel],
      );
      return row ? withIsoDates(row) : null;
    },

    /** The latest published stable release of each platform that has one (in no particular order). */
    async latestStable(language: Language): Promise<PublishedRow[]> {
      const rows = await q.query<PublishedRow>(
        `SELECT DISTINCT ON (v.platform) ${COLUMNS}, ${localized('v.changelog', language)} AS notes FROM ${FROM}
          WHERE v.published AND v.channel = 'stable'
          ORDER BY v.platform, v.version_code DESC`,
      );
      return rows.map(withIsoDates);
    },
  };
}

export type VersionsRepository = ReturnType<typeof versionsRepository>;
