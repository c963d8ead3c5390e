// Team crests and player badges drawn inline from each profile's colours (nothing
// downloaded).
import { initials } from '@/ui/product-text';

/** Ink or white, whichever reads better on the colour. */
function textOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '#0b1220' : '#ffffff';
}

export function TeamCrest({
  shortName,
  colors,
  size = 96,
}: {
  shortName: string;
  colors: readonly [string, string];
  size?: number;
}) {
  const [main, trim] = colors;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <path d="M50 4l40 12v30c0 26-18 42-40 50C28 88 10 72 10 46V16z" fill={trim} />
      <path d="M50 11l33 10v25c0 21-14 35-33 42-19-7-33-21-33-42V21z" fill={main} />
      <path d="M14 37h72v24H14z" fill={trim} />
      <text
        x="50"
        y="49.5"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="'Arial Narrow', 'Liberation Sans Narrow', sans-serif"
        fontWeight="800"
        fontSize={shortName.length > 3 ? 16 : 19}
        fill={textOn(trim)}
      >
        {shortName}
      </text>
    </svg>
  );
}

export function PlayerBadge({
  name,
  number,
  colors,
  size = 96,
}: {
  name: string;
  number: string;
  colors: readonly [string, string];
  size?: number;
}) {
  const [main, trim] = colors;
  const id = `pb-${name.replace(/\W+/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={main} />
          <stop offset="1" stopColor={trim} />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r="47" fill={`url(#${id})`} />
      <circle cx="50" cy="50" r="39" fill="#0b1220" />
      <text
        x="50"
        y={number ? 44 : 50}
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="'Arial Narrow', 'Liberation Sans Narrow', sans-serif"
        fontWeight="800"
        fontSize="28"
        fill="#ffffff"
      >
        {initials(name)}
      </text>
      {number && (
        <text
          x="50"
          y="70"
          textAnchor="middle"
          dominantBaseline="central"
          fontFamily="'Arial Narrow', 'Liberation Sans Narrow', sans-serif"
          fontWeight="700"
          fontSize="14"
          fill="#d4ff3a"
        >
          #{number}
        </text>
      )}
    </svg>
  );
}
