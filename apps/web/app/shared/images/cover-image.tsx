import type { NewsCover } from '@sodalis/contracts';

/**
 * A record's cover (ADR 034; news items and events, ADR 052): the page's WebP, the share JPEG
 * for screens that need more pixels, with its size so the text around never moves. At the top
 * of a page it is not lazy; in a list (`lazy`) it loads as it comes into view.
 */
export function CoverImage({
  cover,
  className,
  lazy = false,
}: {
  cover: NewsCover;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={cover.pageUrl}
      srcSet={`${cover.pageUrl} ${cover.pageWidth}w, ${cover.url} ${cover.width}w`}
      sizes={`(min-width: ${cover.pageWidth}px) ${cover.pageWidth}px, 100vw`}
      width={cover.pageWidth}
      height={cover.pageHeight}
      alt={cover.alt}
      decoding="async"
      {...(lazy ? { loading: 'lazy' as const } : {})}
    />
  );
}
