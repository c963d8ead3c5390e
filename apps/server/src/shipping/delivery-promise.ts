// The delivery promise, as pure rules: the zone of an address seen from the shop, the day an
// order paid now leaves (today before the cut-off on a working day, else the next working
// day), and the day it arrives (the zone's days later, counted in working days). Working
// days are Monday to Saturday except the three national holidays (decision 030).
import { IST_OFFSET_MS } from '../indian-days.js';
import { formatDayShort } from '../notifications/index.js';

export const ZONES = [
  'same_city',
  'same_state',
  'metro',
  'rest_of_india',
  'north_east_jk',
] as const;
export type Zone = (typeof ZONES)[number];

export interface Place {
  city: string;
  /** A state or territory, in the contract's names. */
  state: string;
}

/** The far zone: the North East, Jammu and Kashmir, Ladakh and the islands. */
const NORTH_EAST_AND_JK = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/** The six metro cities, by state and city (all of Delhi is one city). */
const METROS = new Set([
  'Delhi\tDelhi',
  'Maharashtra\tMumbai',
  'West Bengal\tKolkata',
  'Tamil Nadu\tChennai',
  'Karnataka\tBengaluru',
  'Telangana\tHyderabad',
]);

/** Where an address is, seen from the shop: the nearer zone wins. */
export function zoneOf(shop: Place, to: Place): Zone {
  if (to.state === shop.state) return to.city === shop.city ? 'same_city' : 'same_state';
  if (NORTH_EAST_AND_JK.has(to.state)) return 'north_east_jk';
  if (METROS.has(`${to.state}\t${to.city}`)) return 'metro';
  return 'rest_of_india';
}

/** Republic Day, Independence Day, Gandhi Jayanti: closed everywhere, every year. */
const NATIONAL_HOLIDAYS = new Set(['01-26', '08-15', '10-02']);

function dayParts(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

function addDays(day: string, n: number): string {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Monday to Saturday, except the national holidays. */
export function isWorkingDay(day: string): boolean {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() !== 0 && !NATIONAL_HOLIDAYS.has(day.slice(5));
}

function nextWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

/** The Indian day an order paid at `at` leaves: that day before the cut-off ('HH:MM') on a working day, else the next working day. */
export function dispatchDay(at: Date, cutoff: string): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS).toISOString();
  const day = local.slice(0, 10);
  const beforeCutoff = local.slice(11, 16) < cutoff;
  return isWorkingDay(day) && beforeCutoff ? day : nextWorkingDay(day);
}

/** The day a parcel dispatched on `dispatch` arrives after `days` working days in transit. */
export function arrivalDay(dispatch: string, days: number): string {
  let day = dispatch;
  for (let i = 0; i < days; i++) day = nextWorkingDay(day);
  return day;
}

/** 'Delivery by Thu, 3 Dec', in the mails' and order page's day names ('Sept'). */
export function deliveryText(day: string): string {
  return `Delivery by ${formatDayShort(day)}`;
}

export interface PromiseRules {
  /** 'HH:MM', Indian time. */
  cutoff: string;
  days: Record<Zone, number>;
}

/**
 * The day an order paid at `at` for an address in `to` arrives, from a shop in `shop`;
 * `extraDispatchDays` working days more before it leaves (a printed shirt).
 */
export function promisedDay(
  rules: PromiseRules,
  shop: Place,
  to: Place,
  at: Date,
  extraDispatchDays = 0,
): string {
  const leaves = arrivalDay(dispatchDay(at, rules.cutoff), extraDispatchDays);
  return arrivalDay(leaves, rules.days[zoneOf(shop, to)]);
}
