// Draws a product picture as SVG: a shirt silhouette in a kit's colours, seen from the front
// (crest and number), the back (name and number) or close up on the crest.
import { textPath } from './stroke-font.js';

export type Pattern =
  | 'plain'
  | 'stripes'
  | 'pinstripes'
  | 'hoops'
  | 'sash'
  | 'halves'
  | 'sleeves'
  | 'band'
  | 'chevron'
  | 'centre'
  | 'checks'
  | 'fade';
export type Collar = 'crew' | 'vneck' | 'polo';

/** A kit's look: body colour, pattern colour, trim colour (collar, cuffs, number). */
export interface Kit {
  base: string;
  second: string;
  trim: string;
  pattern: Pattern;
  collar: Collar;
}

/** What is drawn: match jersey, training top (raglan, no number) or tracksuit jacket. */
export type Garment = 'jersey' | 'training' | 'tracksuit';
export type View = 'front' | 'back' | 'detail';

export interface JerseyArt {
  kit: Kit;
  garment: Garment;
  /** Up to three letters on the crest. */
  crest: string;
  crestShape: 'shield' | 'round';
  /** Printed on the back above the number. */
  name: string;
  number: string;
}

export const IMAGE_SIZE = 600;

const SHORT_BODY =
  'M250,88 Q300,122 350,88 L412,104 L506,186 L464,252 L416,222 L418,522 Q300,534 182,522 L184,222 L136,252 L94,186 L188,104 Z';
const LONG_BODY =
  'M250,84 Q300,112 350,84 L412,102 L462,170 L514,432 L472,444 L426,262 L418,250 L418,522 Q300,534 182,522 L182,250 L174,262 L128,444 L86,432 L138,170 L188,102 Z';
const SHORT_SLEEVES = [
  'M412,104 L506,186 L464,252 L416,222 Z',
  'M188,104 L94,186 L136,252 L184,222 Z',
];
const LONG_SLEEVES = [
  'M412,102 L462,170 L514,432 L472,444 L426,262 L418,250 Z',
  'M188,102 L138,170 L86,432 L128,444 L174,262 L182,250 Z',
];
const SHORT_CUFFS = [
  'M506,186 L464,252 L453,243 L495,177 Z',
  'M94,186 L136,252 L147,243 L105,177 Z',
];
const LONG_CUFFS = ['M514,432 L472,444 L468,428 L510,416 Z', 'M86,432 L128,444 L132,428 L90,416 Z'];
// Raglan panels of a training top: from the collar to under the arm.
const RAGLAN = [
  'M338,96 L412,104 L506,186 L464,252 L416,222 L396,196 Z',
  'M262,96 L188,104 L94,186 L136,252 L184,222 L204,196 Z',
];

function hexRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
function luminance(hex: string): number {
  const [r, g, b] = hexRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour to print on `background`: `preferred` when it stands out enough, else white or ink. */
function printColour(background: string, preferred: string): string {
  if (contrast(background, preferred) >= 2.2) return preferred;
  return contrast(background, '#ffffff') >= contrast(background, '#111827') ? '#ffffff' : '#111827';
}

function patternShapes(kit: Kit, garment: Garment, view: View): string {
  const fill = `fill="${kit.second}"`;
  const sleeves = garment === 'tracksuit' ? LONG_SLEEVES : SHORT_SLEEVES;
  const rects = (xs: number[], width: number) =>
    xs.map((x) => `<rect x="${x}" y="60" width="${width}" height="500" ${fill}/>`).join('');
  const range = (from: number, to: number, step: number) =>
    Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
  switch (kit.pattern) {
    case 'plain':
      return '';
    case 'stripes':
      return rects(
        range(-5, 5, 1).map((k) => 300 + k * 64 - 16),
        32,
      );
    case 'pinstripes':
      return rects(
        range(-10, 10, 1).map((k) => 300 + k * 26 - 2),
        4,
      );
    case 'hoops':
      return range(120, 520, 72)
        .map((y) => `<rect x="0" y="${y}" width="600" height="36" ${fill}/>`)
        .join('');
    case 'sash':
      return `<polygon points="150,96 236,96 468,540 382,540" ${fill}/>`;
    case 'halves':
      return `<rect x="300" y="60" width="300" height="500" ${fill}/>`;
    case 'sleeves':
      return sleeves.map((d) => `<path d="${d}" ${fill}/>`).join('');
    // On the back, chest bands and chevrons sit below the number, as printed kits do.
    case 'band':
      return `<rect x="0" y="${view === 'back' ? 400 : 236}" width="600" height="64" ${fill}/>`;
    case 'chevron': {
      const y = view === 'back' ? 220 : 0;
      return `<polygon points="150,${170 + y} 300,${280 + y} 450,${170 + y} 450,${226 + y} 300,${336 + y} 150,${226 + y}" ${fill}/>`;
    }
    case 'centre':
      return (
        `<rect x="262" y="60" width="76" height="500" fill="${kit.trim}"/>` +
        `<rect x="270" y="60" width="60" height="500" ${fill}/>`
      );
    case 'checks':
      return range(60, 540, 40)
        .flatMap((cy, row) =>
          range(60, 540, 40)
            .filter((_, col) => (row + col) % 2 === 0)
            .map((cx) => `<rect x="${cx}" y="${cy}" width="40" height="40" ${fill}/>`),
        )
        .join('');
    case 'fade':
      return `<rect x="0" y="60" width="600" height="500" fill="url(#fade)"/>`;
  }
}

function collarShapes(kit: Kit, garment: Garment, view: View): string {
  const trim = kit.trim;
  if (garment === 'tracksuit') {
    const zip =
      view === 'back'
        ? ''
        : `<line x1="300" y1="106" x2="300" y2="526" stroke="${trim}" stroke-width="5"/>` +
          `<rect x="294" y="112" width="12" height="22" rx="3" fill="#9ca3af"/>`;
    return `<path d="M252,84 Q300,104 348,84 L350,62 Q300,78 250,62 Z" fill="${kit.base}" stroke="${trim}" stroke-width="6" stroke-linejoin="round"/>${zip}`;
  }
  if (view === 'back') {
    return `<path d="M250,88 Q300,102 350,88" fill="none" stroke="${trim}" stroke-width="12" stroke-linecap="round"/>`;
  }
  switch (kit.collar) {
    case 'crew':
      return `<path d="M250,88 Q300,122 350,88" fill="none" stroke="${trim}" stroke-width="12" stroke-linecap="round"/>`;
    case 'vneck':
      return `<path d="M250,88 L300,146 L350,88" fill="none" stroke="${trim}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`;
    case 'polo':
      return (
        `<path d="M250,88 L300,150 L350,88" fill="none" stroke="${trim}" stroke-width="6"/>` +
        `<path d="M248,84 L226,138 L290,146 Z" fill="${trim}"/>` +
        `<path d="M352,84 L374,138 L310,146 Z" fill="${trim}"/>` +
        `<circle cx="300" cy="170" r="5" fill="${trim}"/><circle cx="300" cy="196" r="5" fill="${trim}"/>`
      );
  }
}

function crestShape(art: JerseyArt, cx: number, cy: number, size: number): string {
  const { kit } = art;
  const fill = printColour(kit.base, kit.trim);
  const edge = kit.second === fill ? kit.base : kit.second;
  const ink = printColour(fill, kit.base);
  const h = size / 2;
  const shape =
    art.crestShape === 'round'
      ? `<circle cx="${cx}" cy="${cy}" r="${h}" fill="${fill}" stroke="${edge}" stroke-width="3"/>`
      : `<path d="M${cx - h},${cy - h * 1.05} L${cx + h},${cy - h * 1.05} L${cx + h},${cy + h * 0.15} Q${cx + h},${cy + h * 0.8} ${cx},${cy + h * 1.2} Q${cx - h},${cy + h * 0.8} ${cx - h},${cy + h * 0.15} Z" fill="${fill}" stroke="${edge}" stroke-width="3" stroke-linejoin="round"/>`;
  const letters = textPath(art.crest.slice(0, 3), {
    cx,
    top: cy - h * 0.42,
    height: h * 0.8,
    maxWidth: size * 0.72,
  });
  // A dashed ring of stitches: it is what the close-up shows best.
  const stitches = `<circle cx="${cx}" cy="${cy}" r="${h * 1.38}" fill="none" stroke="${fill}" stroke-opacity="0.35" stroke-width="1.2" stroke-dasharray="3 3"/>`;
  return `${stitches}${shape}<path d="${letters.d}" fill="none" stroke="${ink}" stroke-width="${Math.max(1.6, letters.scale * 0.9)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function printedText(
  text: string,
  colour: string,
  outline: string,
  box: Parameters<typeof textPath>[1],
  weight: number,
): string {
  const { d, scale } = textPath(text, box);
  if (d === '') return '';
  const width = Math.max(2, scale * weight);
  return (
    `<path d="${d}" fill="none" stroke="${outline}" stroke-width="${width + 4}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function frontPrint(art: JerseyArt): string {
  const { kit } = art;
  const ink = printColour(kit.base, kit.trim);
  const mark = `<path d="M226,172 L240,194 L260,164" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  const crest = crestShape(art, 362, 184, 50);
  if (art.garment !== 'jersey') return mark + crest;
  const number = printedText(
    art.number,
    ink,
    kit.base,
    { cx: 300, top: 262, height: 62, maxWidth: 90 },
    0.95,
  );
  return mark + crest + number;
}

function backPrint(art: JerseyArt): string {
  const { kit } = art;
  const ink = printColour(kit.base, kit.trim);
  const name = printedText(
    art.name,
    ink,
    kit.base,
    { cx: 300, top: 138, height: 36, maxWidth: 210 },
    1.1,
  );
  if (art.garment !== 'jersey') return name;
  const number = printedText(
    art.number,
    ink,
    kit.base,
    { cx: 300, top: 196, height: 178, maxWidth: 196 },
    0.9,
  );
  return name + number;
}

/**
 * The fabric's mesh as single dots, for the close-up: librsvg renders a zoomed-in <pattern>
 * ten times slower than the same dots drawn one by one.
 */
function meshDots(x: number, y: number, size: number): string {
  const dots: string[] = [];
  for (let dy = 3; dy < size; dy += 6) {
    for (let dx = 3; dx < size; dx += 6)
      dots.push(`M${x + dx - 1.1},${y + dy}a1.1,1.1 0 1,0 2.2,0a1.1,1.1 0 1,0 -2.2,0`);
  }
  return `<path d="${dots.join('')}" fill="#000" fill-opacity="0.09"/>`;
}

/** The SVG document of one view of a shirt, IMAGE_SIZE pixels square. */
export function jerseySvg(art: JerseyArt, view: View): string {
  const { kit, garment } = art;
  const body = garment === 'tracksuit' ? LONG_BODY : SHORT_BODY;
  const cuffs = (garment === 'tracksuit' ? LONG_CUFFS : SHORT_CUFFS)
    .map((d) => `<path d="${d}" fill="${kit.trim}"/>`)
    .join('');
  const raglan =
    garment === 'training'
      ? RAGLAN.map((d) => `<path d="${d}" fill="${kit.second}"/>`).join('')
      : '';
  const sleeveStripes =
    garment === 'tracksuit'
      ? `<path d="M437,140 L492,436 M163,140 L108,436" stroke="${kit.second}" stroke-width="10" fill="none"/>`
      : '';
  // The back's neckline sits higher than the front's.
  const outline = view === 'back' ? body.replace('Q300,122 350,88', 'Q300,102 350,88') : body;
  const print = view === 'back' ? backPrint(art) : frontPrint(art);
  // The close-up is the front seen through a smaller window around the crest. Full-canvas
  // fills are cut to that window: librsvg would otherwise render them at the zoomed size.
  const [x, y, size] = view === 'detail' ? [272, 104, 180] : [0, 0, IMAGE_SIZE];
  const canvas = `x="${x}" y="${y}" width="${size}" height="${size}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="${x} ${y} ${size} ${size}">`,
    '<defs>',
    `<clipPath id="body"><path d="${outline}"/></clipPath>`,
    '<radialGradient id="backdrop" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#dfe3ea"/></radialGradient>',
    '<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    '<linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>',
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.25" stop-color="${kit.second}" stop-opacity="0"/><stop offset="1" stop-color="${kit.second}"/></linearGradient>`,
    '<pattern id="mesh" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.1" fill="#000" fill-opacity="0.09"/></pattern>',
    '</defs>',
    `<rect ${canvas} fill="url(#backdrop)"/>`,
    `<ellipse cx="300" cy="540" rx="190" ry="22" fill="url(#shadow)"/>`,
    '<g clip-path="url(#body)">',
    `<rect ${canvas} fill="${kit.base}"/>`,
    patternShapes(kit, garment, view),
    raglan,
    sleeveStripes,
    cuffs,
    view === 'detail' ? meshDots(x, y, size) : `<rect ${canvas} fill="url(#mesh)"/>`,
    `<rect ${canvas} fill="url(#shade)"/>`,
    '<path d="M230,250 Q250,380 226,500 M372,300 Q356,400 380,506" fill="none" stroke="#000" stroke-opacity="0.07" stroke-width="10" stroke-linecap="round"/>',
    '</g>',
    `<path d="${outline}" fill="none" stroke="#000" stroke-opacity="0.28" stroke-width="2.5" stroke-linejoin="round"/>`,
    collarShapes(kit, garment, view),
    print,
    '</svg>',
  ].join('');
}
