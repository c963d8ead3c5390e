// The launch form's fields to and from the contract's launch: times as Indian local time in a
// datetime-local field, products as a list of ids, numbers as typed.
import type { AdminLaunch, LaunchInput } from '@kitroom/contract/admin';
import { fromIndianLocal, toIndianLocal } from '@/ui/dates';

export interface LaunchDraft {
  name: string;
  starts_at: string;
  limits_until: string;
  per_fan_limit: string;
  cod_allowed: boolean;
  hold_minutes: string;
  queue_opens_minutes: string;
  admit_per_minute: string;
  turn_minutes: string;
  product_ids: string;
}

export function emptyDraft(): LaunchDraft {
  return {
    name: '',
    starts_at: '',
    limits_until: '',
    per_fan_limit: '2',
    cod_allowed: false,
    hold_minutes: '10',
    queue_opens_minutes: '10',
    admit_per_minute: '300',
    turn_minutes: '10',
    product_ids: '',
  };
}

export function draftOf(l: AdminLaunch): LaunchDraft {
  return {
    name: l.name,
    starts_at: toIndianLocal(l.starts_at),
    limits_until: toIndianLocal(l.limits_until),
    per_fan_limit: String(l.per_fan_limit),
    cod_allowed: l.cod_allowed,
    hold_minutes: String(l.hold_minutes),
    queue_opens_minutes: String(l.queue_opens_minutes),
    admit_per_minute: String(l.admit_per_minute),
    turn_minutes: String(l.turn_minutes),
    product_ids: l.products.map((p) => p.id).join(', '),
  };
}

const numberOf = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** What the form sends; the contract's LaunchInput checks it. */
export function inputOf(d: LaunchDraft): Record<keyof LaunchInput, unknown> {
  return {
    name: d.name,
    starts_at: fromIndianLocal(d.starts_at),
    limits_until: fromIndianLocal(d.limits_until),
    per_fan_limit: numberOf(d.per_fan_limit),
    cod_allowed: d.cod_allowed,
    hold_minutes: numberOf(d.hold_minutes),
    queue_opens_minutes: numberOf(d.queue_opens_minutes),
    admit_per_minute: numberOf(d.admit_per_minute),
    turn_minutes: numberOf(d.turn_minutes),
    product_ids: d.product_ids
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((v) => (/^\d+$/.test(v) ? Number(v) : v)),
  };
}

const STATE_LABEL: Record<AdminLaunch['state'], string> = {
  upcoming: 'Upcoming',
  on: 'On sale, limits on',
  over: 'Over',
  canceled: 'Canceled',
};

export const STATE_TONE: Record<AdminLaunch['state'], string> = {
  upcoming: 'bg-sky-50 text-sky-800',
  on: 'bg-emerald-50 text-emerald-800',
  over: 'bg-paper text-muted',
  canceled: 'bg-paper text-muted line-through',
};

export const stateLabel = (l: AdminLaunch) => STATE_LABEL[l.state];
