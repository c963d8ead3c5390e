// How the catalogue's values read in the back office: rupees from paise, status names, and
// the site path of a picture.
import { formatRupees, paiseToRupees } from '@kitroom/contract';
import type { ProductStatus } from '@kitroom/contract/admin';

export const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

export const STATUS_LABEL: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'On sale',
  archived: 'Archived',
};

export const STATUS_TONE: Record<ProductStatus, string> = {
  draft: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  archived: 'bg-paper text-muted',
};

/** A picture's URL from its stored path ('images/products/x.webp'), narrow when asked. */
export function pictureUrl(path: string, width?: 240 | 360 | 480): string {
  return width ? `/${path.replace(/^images\//, `images/w${width}/`)}` : `/${path}`;
}
