// Money and dates as a mail shows them: rupees through the contract's formatRupees, days as
// the day it is in India ('Thu, 3 Dec 2026'), with the storefront's month names.
import { formatRupees, paiseToRupees } from '@kitroom/contract';
import { IST_OFFSET_MS } from '../indian-days.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
// As the storefront's date-text.ts prints them ('Sept'), so a mail and the order page agree.
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 259800 → '₹2,598'. */
export function rupees(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

function dayText(d: Date): string {
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A calendar day 'yyyy-mm-dd' without its year, as a delivery promise reads: 'Thu, 3 Dec'. */
export function formatDayShort(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${d} ${MONTHS[m - 1]}`;
}

/** A calendar day 'yyyy-mm-dd' (an expected delivery date): 'Thu, 3 Dec 2026'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayText(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant as its day in India: 'Thu, 3 Dec 2026'. */
export function formatIndianDate(instant: Date): string {
  return dayText(new Date(instant.getTime() + IST_OFFSET_MS));
}

/** An instant as its day and time in India: 'Thu, 3 Dec 2026, 9:05 pm'. */
export function formatIndianDateTime(instant: Date): string {
  const ist = new Date(instant.getTime() + IST_OFFSET_MS);
  const hours = ist.getUTCHours();
  const minutes = String(ist.getUTCMinutes()).padStart(2, '0');
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
  return `${dayText(ist)}, ${clock}`;
}
