import { describe, expect, it } from 'vitest';
import {
  arrivalDay,
  deliveryText,
  dispatchDay,
  promisedDay,
  zoneOf,
  type PromiseRules,
} from './delivery-promise.js';

/** An instant given in Indian time. */
const ist = (local: string) => new Date(`${local}:00+05:30`);

const KOZHIKODE = { city: 'Kozhikode', state: 'Kerala' };
const RULES: PromiseRules = {
  cutoff: '14:00',
  days: { same_city: 1, same_state: 2, metro: 3, rest_of_india: 5, north_east_jk: 8 },
};

describe('zones, seen from a shop in Kozhikode', () => {
  it.each([
    [{ city: 'Kozhikode', state: 'Kerala' }, 'same_city'],
    [{ city: 'Ernakulam', state: 'Kerala' }, 'same_state'],
    [{ city: 'Bengaluru', state: 'Karnataka' }, 'metro'],
    [{ city: 'Delhi', state: 'Delhi' }, 'metro'],
    [{ city: 'Mumbai', state: 'Maharashtra' }, 'metro'],
    [{ city: 'Kolkata', state: 'West Bengal' }, 'metro'],
    [{ city: 'Chennai', state: 'Tamil Nadu' }, 'metro'],
    [{ city: 'Hyderabad', state: 'Telangana' }, 'metro'],
    [{ city: 'Mysuru', state: 'Karnataka' }, 'rest_of_india'],
    [{ city: 'Thane', state: 'Maharashtra' }, 'rest_of_india'],
    [{ city: 'Chandigarh', state: 'Chandigarh' }, 'rest_of_india'],
    [{ city: 'Kamrup', state: 'Assam' }, 'north_east_jk'],
    [{ city: 'East Sikkim', state: 'Sikkim' }, 'north_east_jk'],
    [{ city: 'Srinagar', state: 'Jammu and Kashmir' }, 'north_east_jk'],
    [{ city: 'Leh', state: 'Ladakh' }, 'north_east_jk'],
    [{ city: 'South Andaman', state: 'Andaman and Nicobar Islands' }, 'north_east_jk'],
    [{ city: 'Lakshadweep', state: 'Lakshadweep' }, 'north_east_jk'],
  ] as const)('%o is %s', (to, zone) => {
    expect(zoneOf(KOZHIKODE, to)).toBe(zone);
  });

  it('counts a north-eastern or metro address in the shop’s own state as the same state', () => {
    expect(zoneOf({ city: 'Kamrup', state: 'Assam' }, { city: 'Jorhat', state: 'Assam' })).toBe(
      'same_state',
    );
    expect(
      zoneOf({ city: 'Pune', state: 'Maharashtra' }, { city: 'Mumbai', state: 'Maharashtra' }),
    ).toBe('same_state');
  });
});

describe('dispatch day', () => {
  it('is today when paid before the cut-off on a working day, else the next working day', () => {
    expect(dispatchDay(ist('2026-11-26T13:59'), '14:00')).toBe('2026-11-26');
    expect(dispatchDay(ist('2026-11-26T14:00'), '14:00')).toBe('2026-11-27');
    expect(dispatchDay(ist('2026-11-26T23:59'), '14:00')).toBe('2026-11-27');
  });

  it('counts the Indian day, not the UTC one', () => {
    // 20:00 UTC on Wednesday is 01:30 on Thursday in India.
    expect(dispatchDay(new Date('2026-11-25T20:00:00Z'), '14:00')).toBe('2026-11-26');
  });

  it('works Saturdays, skips Sundays and the national holidays', () => {
    expect(dispatchDay(ist('2026-11-28T10:00'), '14:00')).toBe('2026-11-28');
    expect(dispatchDay(ist('2026-11-28T15:00'), '14:00')).toBe('2026-11-30');
    expect(dispatchDay(ist('2026-11-29T09:00'), '14:00')).toBe('2026-11-30');
    expect(dispatchDay(ist('2026-10-02T09:00'), '14:00')).toBe('2026-10-03');
    expect(dispatchDay(ist('2026-10-01T15:00'), '14:00')).toBe('2026-10-03');
  });

  it('follows the owner’s cut-off', () => {
    expect(dispatchDay(ist('2026-11-26T16:30'), '17:00')).toBe('2026-11-26');
    expect(dispatchDay(ist('2026-11-26T09:00'), '09:00')).toBe('2026-11-27');
  });
});

describe('arrival', () => {
  it('counts transit in working days', () => {
    expect(arrivalDay('2026-11-26', 0)).toBe('2026-11-26');
    expect(arrivalDay('2026-11-26', 2)).toBe('2026-11-28');
    expect(arrivalDay('2026-11-26', 3)).toBe('2026-11-30');
    expect(arrivalDay('2026-08-13', 2)).toBe('2026-08-17');
  });

  it('promises each zone its days from an order paid on Thursday morning', () => {
    const at = ist('2026-11-26T10:00');
    const day = (to: { city: string; state: string }) => promisedDay(RULES, KOZHIKODE, to, at);
    expect(day({ city: 'Kozhikode', state: 'Kerala' })).toBe('2026-11-27');
    expect(day({ city: 'Ernakulam', state: 'Kerala' })).toBe('2026-11-28');
    expect(day({ city: 'Bengaluru', state: 'Karnataka' })).toBe('2026-11-30');
    expect(day({ city: 'Jaipur', state: 'Rajasthan' })).toBe('2026-12-02');
    expect(day({ city: 'Kamrup', state: 'Assam' })).toBe('2026-12-05');
  });

  it('moves the promise a day when paid after the cut-off, and past the Sunday', () => {
    const to = { city: 'Bengaluru', state: 'Karnataka' };
    expect(promisedDay(RULES, KOZHIKODE, to, ist('2026-11-26T13:00'))).toBe('2026-11-30');
    expect(promisedDay(RULES, KOZHIKODE, to, ist('2026-11-26T15:00'))).toBe('2026-12-01');
    expect(promisedDay(RULES, KOZHIKODE, to, ist('2026-11-28T15:00'))).toBe('2026-12-03');
    expect(promisedDay(RULES, KOZHIKODE, to, ist('2026-11-29T11:00'))).toBe('2026-12-03');
  });
});

describe('the text', () => {
  it('reads as the product page shows it', () => {
    expect(deliveryText('2026-12-03')).toBe('Delivery by Thu, 3 Dec');
    expect(deliveryText('2027-01-11')).toBe('Delivery by Mon, 11 Jan');
  });
});
