// A line's print as the shopper's order page, the back office's order page and its packing
// slips, and returns show it, read from the print columns of whichever row holds the line.
import { paiseToRupees, type CartPrint } from '@kitroom/contract';

/** A line's print as the order shows it (null: none), from the print columns of any table. */
export function linePrintOf(row: {
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
  print_price_paise: number;
}): CartPrint | null {
  if (row.print_name === '' && row.print_number === null && !row.print_patch) return null;
  return {
    name: row.print_name,
    number: row.print_number,
    patch: row.print_patch,
    price: paiseToRupees(row.print_price_paise),
  };
}
