// Rupees as the shop's staff read them: ₹1,49,900 in the Indian grouping (decision 014: the
// back office uses Intl; the storefront keeps its own smaller formatter, decision 011).
const whole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '₹1,499' from whole rupees, '₹1,499.50' when there are paise. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
}
