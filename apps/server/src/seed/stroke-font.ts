// A small stroke font for shirt names, numbers and crest initials. Drawn as SVG paths so the
// generated images look the same on every machine, with or without system fonts.

/** Glyphs on a 4 × 6 grid (y down), as polylines; 'Z' closes a polyline. */
const GLYPHS: Record<string, string> = {
  '0': 'M1,0 L3,0 L4,1 L4,5 L3,6 L1,6 L0,5 L0,1 Z',
  '1': 'M0.9,1.1 L2.2,0 L2.2,6 M0.9,6 L3.5,6',
  '2': 'M0,1 L0.8,0 L3.2,0 L4,0.8 L4,2.4 L0,6 L4,6',
  '3': 'M0.2,0 L4,0 L2,2.5 L3.2,2.5 L4,3.3 L4,5.2 L3.2,6 L0.8,6 L0,5.2',
  '4': 'M3,6 L3,0 L0,4.2 L4,4.2',
  '5': 'M4,0 L0.4,0 L0.1,2.7 L3.2,2.7 L4,3.5 L4,5.2 L3.2,6 L0.8,6 L0,5.2',
  '6': 'M3.6,0 L1.8,0 L0,1.8 L0,5.2 L0.8,6 L3.2,6 L4,5.2 L4,3.6 L3.2,2.8 L0.2,2.8',
  '7': 'M0,0 L4,0 L1.5,6',
  '8': 'M0.8,0 L3.2,0 L3.8,0.6 L3.8,2.2 L3.2,2.8 L0.8,2.8 L0.2,2.2 L0.2,0.6 Z M0.8,2.8 L0,3.6 L0,5.2 L0.8,6 L3.2,6 L4,5.2 L4,3.6 L3.2,2.8',
  '9': 'M0.4,6 L2.2,6 L4,4.2 L4,0.8 L3.2,0 L0.8,0 L0,0.8 L0,2.4 L0.8,3.2 L3.8,3.2',
  A: 'M0,6 L0,1.6 L1.6,0 L2.4,0 L4,1.6 L4,6 M0,3.5 L4,3.5',
  B: 'M0,0 L3,0 L3.8,0.8 L3.8,2 L3,2.8 L0,2.8 M3,2.8 L4,3.6 L4,5.2 L3.2,6 L0,6 L0,0',
  C: 'M4,0.8 L3.2,0 L0.8,0 L0,0.8 L0,5.2 L0.8,6 L3.2,6 L4,5.2',
  D: 'M0,0 L2.6,0 L4,1.4 L4,4.6 L2.6,6 L0,6 Z',
  E: 'M4,0 L0,0 L0,6 L4,6 M0,2.9 L3,2.9',
  F: 'M4,0 L0,0 L0,6 M0,2.9 L3,2.9',
  G: 'M4,0.8 L3.2,0 L0.8,0 L0,0.8 L0,5.2 L0.8,6 L3.2,6 L4,5.2 L4,3.2 L2.2,3.2',
  H: 'M0,0 L0,6 M4,0 L4,6 M0,2.9 L4,2.9',
  I: 'M1,0 L3,0 M2,0 L2,6 M1,6 L3,6',
  J: 'M1.4,0 L4,0 L4,5.2 L3.2,6 L0.8,6 L0,5.2 L0,4.4',
  K: 'M0,0 L0,6 M4,0 L0,3.6 M1.4,2.4 L4,6',
  L: 'M0,0 L0,6 L4,6',
  M: 'M0,6 L0,0 L2,3.2 L4,0 L4,6',
  N: 'M0,6 L0,0 L4,6 L4,0',
  O: 'M0.8,0 L3.2,0 L4,0.8 L4,5.2 L3.2,6 L0.8,6 L0,5.2 L0,0.8 Z',
  P: 'M0,6 L0,0 L3.2,0 L4,0.8 L4,2.4 L3.2,3.2 L0,3.2',
  Q: 'M0.8,0 L3.2,0 L4,0.8 L4,5.2 L3.2,6 L0.8,6 L0,5.2 L0,0.8 Z M2.6,4.6 L4,6.2',
  R: 'M0,6 L0,0 L3.2,0 L4,0.8 L4,2.4 L3.2,3.2 L0,3.2 M2,3.2 L4,6',
  S: 'M4,0.8 L3.2,0 L0.8,0 L0,0.8 L0,2.2 L0.8,2.9 L3.2,2.9 L4,3.6 L4,5.2 L3.2,6 L0.8,6 L0,5.2',
  T: 'M0,0 L4,0 M2,0 L2,6',
  U: 'M0,0 L0,5.2 L0.8,6 L3.2,6 L4,5.2 L4,0',
  V: 'M0,0 L2,6 L4,0',
  W: 'M0,0 L0.8,6 L2,2.6 L3.2,6 L4,0',
  X: 'M0,0 L4,6 M4,0 L0,6',
  Y: 'M0,0 L2,3 L4,0 M2,3 L2,6',
  Z: 'M0,0 L4,0 L0,6 L4,6',
  '-': 'M0.8,3 L3.2,3',
  '.': 'M1.8,5.8 L2.2,5.8',
};

const GLYPH_WIDTH = 4;
const GLYPH_HEIGHT = 6;
const SPACING = 1.6;
const SPACE_WIDTH = 3;

/** The letters and digits the font can draw; anything else is left out of the text. */
function drawable(text: string): string {
  return [...text.toUpperCase()].filter((c) => c === ' ' || c in GLYPHS).join('');
}

function advance(char: string): number {
  return char === ' ' ? SPACE_WIDTH : GLYPH_WIDTH + SPACING;
}

/** Width of the text in glyph units (a glyph is 4 wide and 6 high). */
function unitWidth(text: string): number {
  const chars = [...text];
  return chars.reduce((w, c) => w + advance(c), 0) - (chars.length > 0 ? SPACING : 0);
}

const round = (n: number) => Math.round(n * 10) / 10;

export interface TextBox {
  /** Centre x of the text. */
  cx: number;
  /** Top y of the text. */
  top: number;
  /** Glyph height; shrunk when the text would be wider than maxWidth. */
  height: number;
  maxWidth: number;
}

/** SVG path data of the text centred in the box; stroke it with round caps and joins. */
export function textPath(raw: string, box: TextBox): { d: string; scale: number } {
  const text = drawable(raw);
  const widest = unitWidth(text);
  const scale = Math.min(box.height / GLYPH_HEIGHT, widest > 0 ? box.maxWidth / widest : 1);
  const top = box.top + (box.height - GLYPH_HEIGHT * scale) / 2;
  let x = box.cx - (widest * scale) / 2;
  const parts: string[] = [];
  for (const char of text) {
    const glyph = GLYPHS[char];
    if (glyph) {
      parts.push(
        glyph.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_, gx: string, gy: string) => {
          return `${round(x + Number(gx) * scale)},${round(top + Number(gy) * scale)}`;
        }),
      );
    }
    x += advance(char) * scale;
  }
  return { d: parts.join(' '), scale };
}
