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

// Words that tell no team from another.
const FILLER = new Set(['FC', 'CF', 'SC', 'AFC', 'de', 'of', 'the']);

/**
 * Crest letters of a team without written ones (the storefront's generic profile), made to differ between look-alike names:
 * one word gives its first three letters (Arsenal ARS); two give both initials and the last
 * letter (Inter Milan IMN, Inter Miami IMI, AC Milan ACMN, Atletico Madrid AMD); three or
 * more give the initials (Mohun Bagan Super Giant MBSG). Up to four letters.
 */
export function shortNameOf(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .filter((w) => w !== '' && !FILLER.has(w))
    .map((w) => w.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return name.slice(0, 3).toUpperCase();
  const initial = (w: string) => (/^[A-Z]{2,3}$/.test(w) ? w : w.charAt(0));
  let code: string;
  if (words.length === 1) code = words[0]!.slice(0, 3);
  else if (words.length === 2)
    code = `${initial(words[0]!)}${words[1]!.charAt(0)}${words[1]!.slice(-1)}`;
  else code = words.map(initial).join('');
  return code.toUpperCase().slice(0, 4);
}

/** 'Lionel Messi' → 'LM': a player's badge letters, and a picture's stand-in when it fails. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((w) => w.charAt(0).toUpperCase())
    .join('')
    .slice(0, 2);
}
