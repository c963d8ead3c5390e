// Business constants and validation rules of the spec (sections 5 and 9), shared by the
// server and the web app so that one rule runs in the form and on the server.

export const PAGE_SIZE = 50;
export const DEFAULT_PRICE_RANGE = { min: 0, max: 1000 } as const;
export const PRICE_SLIDER_GAP = 5;
export const CATEGORY_PRICE_STEP = 50;
export const MIN_QUANTITY = 1;
export const SIMILAR_PRODUCTS_LIMIT = 10;
export const REVIEWS_SHOWN = 5;
export const DETAILS_CUT = 100;
export const OTP_LENGTH = 6;
export const OTP_COUNTDOWN_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 6;
export const SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

/** Cuts text to `max` characters and adds '..' when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}..` : text;
}

export const TRUNCATE = {
  cartLine: 15,
  productCard: 12,
  similarProduct: 13,
  orderName: 13,
  orderAddress: 40,
} as const;

/** Rounded percent off, or 0 when the discount price is not below the price. */
export function discountPercent(price: number, discountPrice: number): number {
  if (!(price > 0) || !(discountPrice < price)) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}

export type RatingColour = 'red' | 'amber' | 'green';
/** 2 or less red; above 2 up to 3 amber; above 3 green. */
export function ratingColour(rating: number): RatingColour {
  if (rating <= 2) return 'red';
  if (rating <= 3) return 'amber';
  return 'green';
}

/** The short review text a rating of 1–5 sets. */
export const RATING_LABELS = [
  'Poor Product',
  'Needs Improvement',
  'Good Product',
  'Very Good Product',
  'Perfect Product',
] as const;

export const ORDER_STATUSES = [
  'Pending',
  'Processing',
  'Shipped',
  'Completed',
  'Canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PHONE_PATTERN = /^\d{10}$/;
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const PINCODE_PATTERN = /^\d{6}$/;
export const OTP_PATTERN = /^\d{6}$/;
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid 15-character Indian GSTIN: the pattern and its check character. */
export function isValidGstin(value: string): boolean {
  const gstin = value.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(gstin.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  const check = GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
  return gstin.charAt(14) === check;
}

/** 'Club Jerseys = Premier League' → 'Club Jerseys': the part before ' = ' names the category. */
export function categoryNameOf(value: string): string {
  const cut = value.indexOf(' = ');
  return (cut === -1 ? value : value.slice(0, cut)).trim();
}

/** Team and player page slug: lowercased, spaces turned into hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
