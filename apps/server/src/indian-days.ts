// Days as the shop counts them: India keeps one time zone (UTC+05:30) and no daylight saving,
// so an Indian day is a fixed offset from UTC. Reports, the audit log's filters and the
// dashboard all count days this way.
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Indian day (yyyy-mm-dd) an instant falls on. */
export function indianDayOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in India of the day `yyyy-mm-dd` (plus some days), as an instant. */
export function indianMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + plusDays) - IST_OFFSET_MS);
}

/** The Indian days from `first` to `last`, both included, oldest first. */
export function indianDaysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = indianMidnight(first).getTime(); t <= indianMidnight(last).getTime(); t += DAY_MS) {
    days.push(indianDayOf(new Date(t)));
  }
  return days;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '26 Nov 2026': the Indian day an instant falls on, as the shop writes it on paper. */
export function indianDateText(instant: Date): string {
  const [y, m, d] = indianDayOf(instant).split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** '2026-11-26 05:54': an instant in Indian time, to the minute, as spreadsheets read it. */
export function indianDateTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
