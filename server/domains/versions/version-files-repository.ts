/**
 * The `version_files` table: uploaded builds. A row is written once its file is in place (`file-store.ts`) and
 * deleted with its release, or by the prune job when no release took it within a day.
 */
import type { VersionFile } from '@proxy/contract/schemas/versions';
import type { Queryable } from '../../db/db.ts';

/** A file as the server keeps it: where it is on disk too. */
export interface StoredFile extends VersionFile {
  readonly stored_name: string;
}

const COLUMNS = 'id, original_name AS name, stored_name, size, sha256, created_at';

const withIsoDate = (row: StoredFile): StoredFile => ({ ...row, created_at: new Date(row.created_at).toISOString() });

export function versionFilesRepository(q: Queryable) {
  return {
    async insert(
      file: Pick<StoredFile, 'name' | 'stored_name' | 'size' | 'sha256'>,
      uploadedBy: number | null,
    ): Promise<StoredFile> {
      const [row] = await q.query<StoredFile>(
        `INSERT INTO version_files (original_name, stored_name, size, sha256, uploaded_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [file.name, file.stored_name, file.size, file.sha256, uploadedBy],
      );
      return withIsoDate(row as StoredFile);
    },

    /**
     * The file a release is about to name, key-share locked so the prune job cannot delete it before the release
     * commits, and whether another release (not `releaseId`) names it already.
     */
    async claimable(id: number, releaseId: number | null): Promise<{ file: StoredFile; used: boolean } | null> {
      const [row] = await q.query<StoredFile & { used: boolean }>(
        `SELECT ${COLUMNS},
                EXISTS (SELECT 1 FROM versions v WHERE v.file_id = f.id AND v.id IS DISTINCT FROM $2) AS used
           FROM version_files f WHERE f.id = $1 FOR KEY SHARE OF f`,
        [id, releaseId],
      );
      if (!row) return null;
      const { used, ...file } = row;
      return { file: withIsoDate(file), used };
    },

    /** A published release's file, by id: the only files the public download serves. */
    async published(id: number): Promise<StoredFile | null> {
      const [row] = await q.query<StoredFile>(
        `SELECT ${COLUMNS} FROM version_files f
          WHERE f.id = $1 AND EXISTS (SELECT 1 FROM versions v WHERE v.file_id = f.id AND v.published)`,
        [id],
      );
      return row ? withIsoDate(row) : null;
    },

    /** Deletes the row (its release must be gone); answers its stored name, for the file to follow. */
    async delete(id: number): Promise<string | null> {
      const [row] = await q.query<{ stored_name: string }>(
        'DELETE FROM version_files WHERE id = $1 RETURNING stored_name',
        [id],
      );
      return row?.stored_name ?? null;
    },

    /**
     * Deletes up to `limit` files uploaded before `before` that no release names, claimed with SKIP LOCKED (a file a
     * release is being saved with is key-share locked, so it is passed over); answers their stored names. Meant for
     * a transaction: the files go from disk after it commits.
     */
    async deleteUnused(before: Date, limit: number): Promise<string[]> {
      const rows = await q.query<{ stored_name: string }>(
        `DELETE FROM version_files WHERE id IN (
           SELECT id FROM version_files f
            WHERE f.created_at < $1 AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.file_id = f.id)
            ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING stored_name`,
        [before, limit],
      );
      return rows.map((row) => row.stored_name);
    },

    async storedNames(): Promise<Set<string>> {
      const rows = await q.query<{ stored_name: string }>('SELECT stored_name FROM version_files');
      return new Set(rows.map((row) => row.stored_name));
    },
  };
}

export type VersionFilesRepository = ReturnType<typeof versionFilesRepository>;
