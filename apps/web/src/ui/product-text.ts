// The spec's display rules for product names and prices (section 9).
import { discountPercent, truncate, TRUNCATE } from '@kitroom/contract';

/** Cart panel line: 15 characters plus '..'. */
export const cartLineName = (name: string) => truncate(name, TRUNCATE.cartLine);

/** Product cards: 12 characters plus '..'. */
export const cardName = (name: string) => truncate(name, TRUNCATE.productCard);

/** 'You May Also Like': names of 10 characters or more are cut to 13 plus '..'. */
export const similarName = (name: string) =>
  name.length >= 10 ? `${name.slice(0, TRUNCATE.similarProduct)}..` : name;

const KIT_WORDS: readonly [RegExp, string][] = [
  [/\bretro\b/i, 'Retro'],
  [/\bkids\b/i, 'Kids'],
  [/\bplayer edition\b/i, 'Player Edition'],
  [/\bhome\b/i, 'Home'],
  [/\baway\b/i, 'Away'],
  [/\bthird\b/i, 'Third'],
  [/\bgoalkeeper\b/i, 'Goalkeeper'],
  [/\btraining\b/i, 'Training'],
  [/\btracksuit\b/i, 'Tracksuit'],
];
const SEASON = /\b(?:19|20)\d{2}(?:\/\d{2})?\b/;

/**
 * A card's second line, kit and season ('Home · 2026/27'), so that ten 'Real Madrid ..'
 * cards can be told apart. Products carry no kit or season field: both are read from the
 * name, the season else from the tag ('Real Madrid,2026/27,club jersey,La Liga'). Empty
 * when neither is found.
 */
export function kitLine(name: string, tag = ''): string {
  const kit = KIT_WORDS.filter(([word]) => word.test(name)).map(([, label]) => label);
  const season =
    SEASON.exec(name)?.[0] ??
    tag
      .split(',')
      .map((t) => t.trim())
      .find((t) => new RegExp(`^${SEASON.source}$`).test(t));
  return [...kit, ...(season ? [season] : [])].join(' · ');
}

/** The percent-off badge text, or null when the product is not discounted. */
export function percentOffLabel(price: number, discountPrice: number): string | null {
  const percent = discountPercent(price, discountPrice);
  return percent > 0 ? `${percent}% OFF` : null;
}

/** The site-root URL of a product image path ('images/x.webp' → '/images/x.webp'). */
export function imageSrc(path: string): string {
  return `/${path.replace(/^\/+/, '')}`;
}

/** Widths of the narrower copies the server makes of a picture; the originals are 600 px. */
const IMAGE_VARIANT_WIDTHS = [240, 360, 480];

/**
 * A srcset of a product picture and its narrower copies ('/images/w360/products/x.webp
 * 360w, …'), or undefined for a picture the server makes no copies of.
 */
export function imageSrcSet(path: string): string | undefined {
  const src = imageSrc(path);
  if (!src.startsWith('/images/') || !src.endsWith('.webp')) return undefined;
  const picture = src.slice('/images/'.length);
  return [...IMAGE_VARIANT_WIDTHS.map((w) => `/images/w${w}/${picture} ${w}w`), `${src} 600w`].join(
    ', ',
  );
}

/** 'Lionel Messi' → 'LM' (the contract's, shared with the back office's badge preview). */
export { initials } from '@kitroom/contract';

/** A size with this many left or fewer is low (decision 048). */
export const LOW_STOCK = 3;

/**
 * A card's scarcity line: 'Only 2 left in XL' for the in-stock size with the fewest left, when
 * it has LOW_STOCK or fewer (the first such size in the shop's order on a tie); null when no
 * size in stock is low.
 */
export function lowStockLine(size: Readonly<Record<string, number>>): string | null {
  let low: [string, number] | undefined;
  for (const [name, stock] of Object.entries(size)) {
    if (stock > 0 && stock <= LOW_STOCK && (!low || stock < low[1])) low = [name, stock];
  }
  return low ? `Only ${low[1]} left in ${low[0]}` : null;
}

/** What a card's rating says to a screen reader: 'Rated 4.3 out of 5 from 12 reviews'. */
export function ratingLabel(rating: number, reviews: number): string {
  return `Rated ${rating.toFixed(1)} out of 5 from ${reviews} ${reviews === 1 ? 'review' : 'reviews'}`;
}
