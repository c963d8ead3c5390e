// The drawing of a team's crest and a player's badge (a 100×100 viewBox), shared by the
// storefront's pages and the back office's live preview so both show the same picture.

/** The shield: its trim outline, its main-colour face and the band across it. */
export const CREST_PATHS = {
  outline: 'M50 4l40 12v30c0 26-18 42-40 50C28 88 10 72 10 46V16z',
  face: 'M50 11l33 10v25c0 21-14 35-33 42-19-7-33-21-33-42V21z',
  band: 'M14 37h72v24H14z',
} as const;

export const CREST_FONT = "'Arial Narrow', 'Liberation Sans Narrow', sans-serif";

/** The crest letters' size: four letters are set smaller to fit the band. */
export function crestFontSize(shortName: string): number {
  return shortName.length > 3 ? 16 : 19;
}

/** Ink or white, whichever reads better on the colour. */
export function textOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '#0b1220' : '#ffffff';
}
