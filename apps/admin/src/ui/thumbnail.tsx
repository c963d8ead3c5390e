// A product picture small, from the narrowest copy the server makes (/images/w240/...).
export function thumbnailSrc(path: string): string {
  const src = `/${path.replace(/^\/+/, '')}`;
  return src.startsWith('/images/') && src.endsWith('.webp')
    ? `/images/w240/${src.slice('/images/'.length)}`
    : src;
}

export function Thumbnail({ path, size = 40 }: { path: string; size?: number }) {
  return (
    <img
      src={thumbnailSrc(path)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-lg border border-line bg-paper object-cover"
      style={{ width: size, height: size }}
    />
  );
}
