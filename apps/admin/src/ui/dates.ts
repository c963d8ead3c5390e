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

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** A datetime-local field's value in India for an instant: '2026-11-24T09:15:00.000Z' → '2026-11-24T14:45'. */
export function toIndianLocal(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local field's value (India) as an instant: '2026-11-24T14:45' → '2026-11-24T14:45:00+05:30'; '' stays ''. */
export function fromIndianLocal(local: string): string {
  return local ? `${local}:00+05:30` : '';
}
