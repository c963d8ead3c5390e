// A product picture with its box reserved (no layout shift) and a fallback when it fails.
import { useCallback, useState } from 'react';
import { imageSrc, imageSrcSet, initials } from './product-text';

interface ProductImageProps {
  path: string | null | undefined;
  /** Empty when the picture only repeats text beside it. */
  alt: string;
  /** The name the initials fallback is made from (defaults to alt). */
  name?: string;
  /** Intrinsic size: product images are 600×600 WebP. */
  width?: number;
  height?: number;
  /** Above the fold: load at once and early. */
  priority?: boolean;
  /** 'box' shows the word Image; 'initials' a circle with the name's initials. */
  fallback?: 'box' | 'initials';
  className?: string;
  /** How wide the picture is drawn (the img sizes attribute): the browser then downloads the
   * narrowest copy that is sharp at that width. Without it, the 600 px original. */
  sizes?: string;
}

export function ProductImage({
  path,
  alt,
  name,
  width = 600,
  height = 600,
  priority = false,
  fallback = 'box',
  className = '',
  sizes,
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  // A server-rendered picture may fail before the page hydrates, when no onError listens yet.
  const failedEarly = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (!path || failed) {
    const described = alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt };
    return fallback === 'initials' ? (
      <div
        {...described}
        className={`flex items-center justify-center bg-paper ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <span className="flex aspect-square w-1/2 items-center justify-center rounded-full bg-ink font-display text-3xl font-bold text-volt">
          {initials(name ?? alt)}
        </span>
      </div>
    ) : (
      <div
        {...described}
        className={`flex items-center justify-center bg-paper text-sm font-semibold tracking-wide text-muted uppercase ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        Image
      </div>
    );
  }
  return (
    <img
      ref={failedEarly}
      src={imageSrc(path)}
      srcSet={sizes ? imageSrcSet(path) : undefined}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
      className={`h-auto w-full bg-paper object-cover ${className}`}
    />
  );
}
