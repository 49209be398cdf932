export interface ResponsiveSources {
  avif: string;
  webp: string;
  /** For browsers that read neither <source>: a WebP of a middle width. */
  fallback: string;
}

interface PictureProps {
  sources: ResponsiveSources;
  /** The `sizes` attribute: how wide the picture shows at each screen width. */
  sizes: string;
  alt: string;
  /** Intrinsic size, so the page keeps the picture's room before it arrives. */
  width: number;
  height: number;
  className?: string;
  /** The page's largest picture above the fold: fetched first, never lazily. */
  priority?: boolean;
  /** In the first screenful: loaded at once (without the priority of the main picture). */
  eager?: boolean;
}

/** A <picture> offering AVIF, then WebP, each at several widths; the browser takes what fits. */
export function Picture({ sources, sizes, alt, width, height, className, priority, eager }: PictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        className={className}
        src={sources.fallback}
        alt={alt}
        width={width}
        height={height}
        loading={priority || eager ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
