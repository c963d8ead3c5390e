// The Kitroom mark and wordmark, drawn inline, on the dark chrome of both apps (the back
// office adds its name beside it).
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b1220" />
      <path d="M22 10h6a4 4 0 0 0 8 0h6l12 8-5 10-6-3v29H21V25l-6 3-5-10z" fill="#d4ff3a" />
      <path d="M27 28h4v7l6-7h5l-7 8 7 10h-5l-5-7-1 1v6h-4z" fill="#0b1220" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="font-display text-2xl font-extrabold tracking-wide text-white uppercase">
        Kit<span className="text-volt">room</span>
      </span>
    </span>
  );
}
