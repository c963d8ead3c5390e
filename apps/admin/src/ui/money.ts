// Rupees as the shop's staff read them, with the contract's formatter (the storefront's own):
// '₹1,49,900', and paise only when there are some ('₹1,499.50').
import { formatRupees, paiseToRupees } from '@kitroom/contract';

export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}
