// Dates as the shop prints them ('28 Nov 2026'), as the day it is in India, so the server's
// markup and every browser show the same day. Not with Intl.DateTimeFormat: a page's first Intl
// formatter loads the browser's ICU locale data while the page hydrates (decision 011), and
// ICU versions differ between Node and browsers in such details as 'Sept' or 'Sep'.

/** India has kept +05:30, with no daylight saving, since 1945. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
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

/** A moment as its calendar day in India: '28 Nov 2026'. */
export function formatIndianDay(date: Date): string {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()] ?? ''} ${ist.getUTCFullYear()}`;
}
