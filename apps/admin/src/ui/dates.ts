// Dates and times as the shop's staff read them: Indian time, day month year.
const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '24 Nov 2026, 3:04 pm' in India's time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** '30 Nov 2026' for a calendar day 'yyyy-mm-dd' (a date without a time: no zone shifts it). */
export function formatDay(yyyyMmDd: string): string {
  return day.format(new Date(`${yyyyMmDd}T00:00:00Z`));
}
