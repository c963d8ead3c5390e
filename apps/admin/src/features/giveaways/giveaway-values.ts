// The giveaway form's text fields to and from the contract's giveaway: dates as Indian local
// time in a datetime-local field, featured products as a list of ids.
import type { AdminGiveaway, GiveawayInput } from '@kitroom/contract/admin';
import { fromIndianLocal, toIndianLocal } from '@/ui/dates';

export interface GiveawayDraft {
  title: string;
  slug: string;
  rules: string;
  starts_at: string;
  ends_at: string;
  product_ids: string;
}

export function emptyDraft(): GiveawayDraft {
  return { title: '', slug: '', rules: '', starts_at: '', ends_at: '', product_ids: '' };
}

export function draftOf(g: AdminGiveaway): GiveawayDraft {
  return {
    title: g.title,
    slug: g.slug,
    rules: g.rules,
    starts_at: toIndianLocal(g.starts_at),
    ends_at: toIndianLocal(g.ends_at),
    product_ids: g.product_ids.join(', '),
  };
}

/** 'Derby Day: signed jersey!' → 'derby-day-signed-jersey'. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** What the form sends; the contract's GiveawayInput checks it. */
export function inputOf(d: GiveawayDraft): Record<keyof GiveawayInput, unknown> {
  const ids = d.product_ids
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((v) => (/^\d+$/.test(v) ? Number(v) : v));
  return {
    title: d.title,
    slug: d.slug,
    rules: d.rules,
    starts_at: fromIndianLocal(d.starts_at),
    ends_at: fromIndianLocal(d.ends_at),
    product_ids: ids,
  };
}
