import * as v from 'valibot';

/** The formats any image is served in (`../images.ts` has the URL rules; this file the wire shape, needing them). */
export const IMAGE_FORMATS = ['webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The image the upload answers with (spec §3: id and `file_parse` with host and format). */
export const ImageSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  file_parse: v.object({ host: v.string(), format: v.picklist(IMAGE_FORMATS) }),
  /** Pixel size of the stored image, after EXIF rotation. */
  width: v.pipe(v.number(), v.integer()),
  height: v.pipe(v.number(), v.integer()),
  /** The whole image in its own format. */
  url: v.string(),
});
export type Image = v.InferOutput<typeof ImageSchema>;
