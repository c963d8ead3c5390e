// The Kitroom mark and wordmark (as in the storefront), with the back office's name.
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b1220" />
      <path d="M22 10h6a4 4 0 0 0 8 0h6l12 8-5 10-6-3v29H21V25l-6 3-5-10z" fill="#d4ff3a" />
      <path d="M27 28h4v7l6-7h5l-7 8 7 10h-5l-5-7-1 1v6h-4z" fill="#0b1220" />
    </svg>
  );
}

export function Logo({ light = true }: { light?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span
        className={`font-display text-2xl font-extrabold tracking-wide uppercase ${light ? 'text-white' : 'text-ink'}`}
      >
        Kit<span className={light ? 'text-volt' : 'text-ink-3'}>room</span>
      </span>
      <span className={`text-sm font-semibold ${light ? 'text-white/70' : 'text-muted'}`}>
        Back office
      </span>
    </span>
  );
}
