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
