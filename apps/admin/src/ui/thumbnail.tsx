// Product pictures in the back office: their URL (a narrower copy the server makes when
// asked: /images/w240/...), and the small square one lists show.

/** A picture's URL from its stored path ('images/products/x.webp'), narrow when asked. */
export function pictureUrl(path: string, width?: 240 | 360 | 480): string {
  return width ? `/${path.replace(/^images\//, `images/w${width}/`)}` : `/${path}`;
}

export function Thumbnail({ path, size = 40 }: { path: string; size?: number }) {
  return (
    <img
      src={pictureUrl(path, 240)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-lg border border-line bg-paper object-cover"
      style={{ width: size, height: size }}
    />
  );
}
