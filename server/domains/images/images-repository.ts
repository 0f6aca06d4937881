/** The `images` table: what each stored image is (its file lives on disk, image-store.ts). */
import type { ImageFormat, PixelSize } from '@proxy/contract/images';
import type { Queryable } from '../../db/db.ts';

export interface StoredImage extends PixelSize {
  readonly id: number;
  readonly format: ImageFormat;
  /** Size of the stored file. */
  readonly bytes: number;
  readonly sha256: string;
}

export function imagesRepository(q: Queryable) {
  return {
    async insert(image: Omit<StoredImage, 'id'>, uploadedBy: number | null): Promise<StoredImage> {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO images (format, width, height, bytes, sha256, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [image.format, image.width, image.height, image.bytes, image.sha256, uploadedBy],
      );
      return { id: (row as { id: number }).id, ...image };
    },

    /** What serving needs to know about an image, from its row alone (no file is touched to answer 404 or 304). */
    async find(id: number): Promise<StoredImage | null> {
      const [row] = await q.query<StoredImage>(
        'SELECT id, format, width, height, bytes, sha256 FROM images WHERE id = $1',
        [id],
      );
      return row ?? null;
    },
  };
}
