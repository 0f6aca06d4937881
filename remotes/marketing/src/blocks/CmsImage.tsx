import { blockImageSources } from '@proxy/contract/images';
import type { BlockImage } from '@proxy/contract/schemas/blocks';

/**
 * An uploaded image at the size the layout needs: `srcset` from the resize endpoint's allowed widths (WebP, which
 * every browser the site supports decodes), `sizes` from the caller, and the stored width/height so the browser
 * reserves its box before any byte arrives (no layout shift).
 */
export function CmsImage({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: BlockImage;
  sizes: string;
  className?: string;
  /** The largest image of the first screen (the LCP element): fetched at once, never lazily. */
  priority?: boolean;
}) {
  const { src, srcSet } = blockImageSources(image);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
