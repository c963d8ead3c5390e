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

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Indian grouping with the rupee sign: 123456 → '₹1,23,456'; fractions only when present. */
export function formatRupees(rupees: number): string {
  const fmt = Number.isInteger(rupees) ? wholeRupees : withPaise;
  return `₹${fmt.format(rupees)}`;
}
