/** Releases and files as the API answers them; download URLs are absolute on the public URL, as image URLs are. */
import type { Downloads, LatestVersion, PanelVersion, VersionFile } from '@proxy/contract/schemas/versions';
import type { StoredFile } from './version-files-repository.ts';
import type { PublishedRow, VersionRow } from './versions-repository.ts';

/** Where a file is downloaded from: its id finds it, its name is what browsers save it as. */
export function fileUrl(publicUrl: string, id: number, name: string): string {
  return `${publicUrl}/api/versions/files/${id}/${encodeURIComponent(name)}`;
}

export function toVersionFile(file: StoredFile): VersionFile {
  return { id: file.id, name: file.name, size: file.size, sha256: file.sha256, created_at: file.created_at };
}

function source(row: VersionRow, publicUrl: string) {
  if (row.file_id === null) {
    return { file: null, url: row.external_url ?? '', size: null, sha256: null, name: null };
  }
  const name = row.file_name ?? '';
  return {
    file: {
      id: row.file_id,
      name,
      size: row.file_size ?? 0,
      sha256: row.file_sha256 ?? '',
      created_at: row.file_created_at ?? '',
    },
    url: fileUrl(publicUrl, row.file_id, name),
    size: row.file_size,
    sha256: row.file_sha256,
    name,
  };
}

export function toPanelVersion(row: VersionRow, publicUrl: string): PanelVersion {
  const { file, url, size, sha256 } = source(row, publicUrl);
  return {
    id: row.id,
    platform: row.platform,
    channel: row.channel,
    version_name: row.version_name,
    version_code: row.version_code,
    file,
    external_url: row.external_url,
    url,
    size,
    sha256,
    changelog_ru: row.changelog_ru,
    changelog_en: row.changelog_en,
    released_at: row.released_at,
    published: row.published,
    forced: row.forced,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toLatestVersion(row: PublishedRow, publicUrl: string): LatestVersion {
  const { url, size, sha256 } = source(row, publicUrl);
  return {
    versionCode: row.version_code,
    versionName: row.version_name,
    url,
    size,
    sha256,
    forced: row.forced,
    notes: row.notes,
    releasedAt: row.released_at,
  };
}

export function toDownload(row: PublishedRow, publicUrl: string): Downloads[number] {
  const { url, size, sha256, name } = source(row, publicUrl);
  return {
    platform: row.platform,
    version_name: row.version_name,
    version_code: row.version_code,
    url,
    file_name: name,
    size,
    sha256,
    released_at: row.released_at,
    notes: row.notes,
  };
}
