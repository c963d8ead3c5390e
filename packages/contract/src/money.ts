// Money is integer paise everywhere except at the edge, where rupees are shown or sent.

/** 129950 paise → 1299.5 rupees. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** 1299.5 rupees → 129950 paise (rounded to the nearest paisa). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** 129950 paise → '1299.50', the decimal string the order calls speak. */
export function paiseToDecimalString(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Digits of a whole number grouped the Indian way: '12345678' → '1,23,45,678'. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/**
 * Indian grouping with the rupee sign: 123456 → '₹1,23,456'; fractions only when present
 * (1299.5 → '₹1,299.50'). The same text as Intl.NumberFormat('en-IN'), without it: a page's
 * first Intl formatter loads the browser's ICU locale data, ≈ 30 ms of one task on a desktop
 * and four times that on a mid-range phone, while the page hydrates (decision 011).
 */
export function formatRupees(rupees: number): string {
  if (!Number.isFinite(rupees)) return `₹${rupees}`;
  const paise = rupeesToPaise(Math.abs(rupees));
  const sign = rupees < 0 && paise > 0 ? '-' : '';
  const whole = groupIndian(String(Math.floor(paise / 100)));
  const fraction = Number.isInteger(rupees) ? '' : `.${String(paise % 100).padStart(2, '0')}`;
  return `₹${sign}${whole}${fraction}`;
}
