// How the catalogue's values read in the back office: rupees from paise and status names.
import type { ProductStatus } from '@kitroom/contract/admin';

export { formatPaise as rupees } from '@/ui/money';

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
