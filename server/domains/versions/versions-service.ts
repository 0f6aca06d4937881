/**
 * The releases' writes. Each runs in one transaction; the version-code rule ("higher than every other release of the
 * platform and channel") is checked inside it under the group's advisory lock, so two staff saving at once apply one
 * after the other and the second sees the first's code. Files leave the disk only after the transaction that
 * deleted their rows commits; a file that cannot be removed then is logged and left to the prune job.
 */
import type { Channel, Platform, VersionInputSchema } from '@proxy/contract/schemas/versions';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import type { Db, Queryable } from '../../db/db.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { commitFile, removeFile, removeStrays } from './file-store.ts';
import { VERSION_REFUSALS } from './refusals.ts';
import { versionFilesRepository, type StoredFile } from './version-files-repository.ts';
import { versionsRepository, type VersionRow, type VersionWrite } from './versions-repository.ts';

/** A file no release took within this long after its upload is deleted. */
export const UNUSED_FILE_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_BATCH = 100;

/** A create's fields as the contract's schema parsed them (defaults filled in). */
export type VersionValues = v.InferOutput<typeof VersionInputSchema>;

/** The changes as columns: changelogs sanitized, unset fields left out. */
function columnsOf(input: Partial<VersionValues>): Partial<VersionWrite> {
  const row: Record<string, unknown> = { ...input };
  if (input.changelog_ru !== undefined) row.changelog_ru = sanitizeHtml(input.changelog_ru);
  if (input.changelog_en !== undefined) row.changelog_en = sanitizeHtml(input.changelog_en);
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}

export interface VersionsServiceOptions {
  readonly dataDir: string;
  readonly log: FastifyBaseLogger;
}

export function versionsService(db: Db, options: VersionsServiceOptions) {
  const { dataDir, log } = options;

  /** `code` must beat every other release of the group (`self` left out); call inside the transaction. */
  async function checkCode(tx: Queryable, platform: Platform, channel: Channel, code: number, self: number | null) {
    const versions = versionsRepository(tx);
    await versions.lockGroup(platform, channel);
    const highest = await versions.highestCode(platform, channel, self);
    if (highest !== null && code <= highest) throw VERSION_REFUSALS.codeNotHigher({ highest });
  }

  /** Exactly one of the two, and a file that exists and no other release names (key-share locked till commit). */
  async function checkSource(tx: Queryable, fileId: number | null, url: string | null, self: number | null) {
    if (fileId === null && url === null) throw VERSION_REFUSALS.fileOrUrl();
    if (fileId !== null && url !== null) throw VERSION_REFUSALS.notBoth();
    if (fileId === null) return;
    const found = await versionFilesRepository(tx).claimable(fileId, self);
    if (!found) throw VERSION_REFUSALS.unknownFile();
    if (found.used) throw VERSION_REFUSALS.fileUsed();
  }

  async function unlinkAfterCommit(storedNames: readonly string[]): Promise<void> {
    for (const name of storedNames) {
      await removeFile(dataDir, name).catch((error: unknown) =>
        // The row is gone; the prune job's sweep of the directory removes the file later.
        log.warn({ err: error, storedName: name }, 'could not remove a release file'),
      );
    }
  }

  return {
    /**
     * Publishes a received temporary file under its final name, then its row: the row never names a missing file.
     * If the insert fails, the file goes.
     */
    async storeFile(
      received: { temp: string; size: number; sha256: string },
      name: string,
      uploadedBy: number | null,
    ): Promise<StoredFile> {
      const storedName = await commitFile(dataDir, received.temp);
      try {
        return await versionFilesRepository(db).insert(
          { name, stored_name: storedName, size: received.size, sha256: received.sha256 },
          uploadedBy,
        );
      } catch (error) {
        await removeFile(dataDir, storedName);
        throw error;
      }
    },

    /** The new release's id; refused when a rule says no. */
    create(input: VersionValues): Promise<number> {
      const write = columnsOf(input) as VersionWrite;
      return db.transaction(async (tx) => {
        await checkSource(tx, write.file_id, write.external_url, null);
        await checkCode(tx, write.platform, write.channel, write.version_code, null);
        return versionsRepository(tx).create(write);
      });
    },

    /** False when there is no such release; refused when a rule says no to the result. */
    update(id: number, changes: Partial<VersionValues>): Promise<boolean> {
      const write = columnsOf(changes);
      return db.transaction(async (tx) => {
        const versions = versionsRepository(tx);
        const current = await versions.lock(id);
        if (!current) return false;
        const merged: VersionRow = { ...current, ...write } as VersionRow;
        if (write.file_id !== undefined || write.external_url !== undefined) {
          await checkSource(tx, merged.file_id, merged.external_url, id);
        }
        // An edit of an older release's notes or dates is no new release: the rule holds for a changed code only.
        const moved =
          merged.platform !== current.platform ||
          merged.channel !== current.channel ||
          merged.version_code !== current.version_code;
        if (moved) await checkCode(tx, merged.platform, merged.channel, merged.version_code, id);
        await versions.update(id, write);
        return true;
      });
    },

    /** False when there is no such release; its uploaded file goes with it (from disk once the delete commits). */
    async remove(id: number): Promise<boolean> {
      const outcome = await db.transaction(async (tx) => {
        const current = await versionsRepository(tx).lock(id);
        if (!current) return null;
        await versionsRepository(tx).delete(id);
        const storedName = current.file_id === null ? null : await versionFilesRepository(tx).delete(current.file_id);
        return { storedName };
      });
      if (!outcome) return false;
      if (outcome.storedName) await unlinkAfterCommit([outcome.storedName]);
      return true;
    },

    /**
     * The `versions.files.prune` job: files no release names, a day after their upload (row and file), then files
     * on disk no row names (a crash between the rename and the insert, a failed unlink, an upload cut short by a
     * crash), a day old by their modification time. Answers how many files went.
     */
    async prune(now: Date): Promise<number> {
      const before = new Date(now.getTime() - UNUSED_FILE_TTL_MS);
      let removed = 0;
      for (;;) {
        const names = await db.transaction((tx) => versionFilesRepository(tx).deleteUnused(before, PRUNE_BATCH));
        await unlinkAfterCommit(names);
        removed += names.length;
        if (names.length < PRUNE_BATCH) break;
      }
      const known = await versionFilesRepository(db).storedNames();
      return removed + (await removeStrays(dataDir, known, before));
    },
  };
}

export type VersionsService = ReturnType<typeof versionsService>;
