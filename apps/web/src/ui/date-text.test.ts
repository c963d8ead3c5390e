import { describe, expect, it } from 'vitest';
import { formatIndianDay } from './date-text';

describe('formatIndianDay', () => {
  it('prints the day it is in India, which starts at 18:30 UTC the evening before', () => {
    expect(formatIndianDay(new Date('2026-11-23T18:29:59Z'))).toBe('23 Nov 2026');
    expect(formatIndianDay(new Date('2026-11-23T18:30:00Z'))).toBe('24 Nov 2026');
    expect(formatIndianDay(new Date('2026-12-31T19:00:00Z'))).toBe('1 Jan 2027');
  });

  it('prints every day as Intl.DateTimeFormat en-IN in Asia/Kolkata does', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    const start = Date.UTC(2024, 0, 1);
    for (let hour = 0; hour < 3 * 366 * 24; hour += 7) {
      const date = new Date(start + hour * 3_600_000 + (hour % 60) * 60_000);
      expect(formatIndianDay(date), date.toISOString()).toBe(intl.format(date));
    }
  });
});
