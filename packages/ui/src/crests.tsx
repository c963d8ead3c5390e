// Team crests and player badges drawn inline from each profile's colours (nothing
// downloaded), from the contract's shapes: the storefront's pages and the back office's
// profile form draw the same component, so the form's preview is what shoppers will see.
import { CREST_FONT, CREST_PATHS, crestFontSize, initials, textOn } from '@kitroom/contract';

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
      <path d={CREST_PATHS.outline} fill={trim} />
      <path d={CREST_PATHS.face} fill={main} />
      <path d={CREST_PATHS.band} fill={trim} />
      <text
        x="50"
        y="49.5"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily={CREST_FONT}
        fontWeight="800"
        fontSize={crestFontSize(shortName)}
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
  const id = `pb-${name.replace(/\W+/g, '')}-${size}`;
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
        fontFamily={CREST_FONT}
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
          fontFamily={CREST_FONT}
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
