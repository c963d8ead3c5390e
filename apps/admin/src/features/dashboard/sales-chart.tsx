// Thirty days of sales as bars, drawn as SVG: no chart library for one chart. The same
// figures are in a table for screen readers (and anyone who prefers numbers).
import type { SalesDay } from '@kitroom/contract/admin';
import { formatPaise } from '@/ui/money';

const dayLabel = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

function label(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 4;

export function SalesChart({ days }: { days: readonly SalesDay[] }) {
  const max = Math.max(...days.map((d) => d.paise), 1);
  const barWidth = WIDTH / days.length - GAP;
  const total = days.reduce((sum, d) => sum + d.paise, 0);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 2}`}
        className="block h-40 w-full max-w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT + 1} y2={HEIGHT + 1} className="stroke-line" />
        {days.map((d, i) => {
          const height = d.paise === 0 ? 0 : Math.max(2, (d.paise / max) * HEIGHT);
          return (
            <rect
              key={d.day}
              x={i * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx="2"
              className={i === days.length - 1 ? 'fill-volt-dark' : 'fill-ink-3'}
            >
              <title>{`${label(d.day)}: ${formatPaise(d.paise)}, ${d.orders} orders`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex justify-between text-xs text-muted">
        <span>{first ? label(first.day) : ''}</span>
        <span>
          {formatPaise(total)} in {days.length} days
        </span>
        <span>{last ? `${label(last.day)} (today)` : ''}</span>
      </figcaption>
      <table className="sr-only">
        <caption>Sales per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{label(d.day)}</th>
              <td>{d.orders}</td>
              <td>{formatPaise(d.paise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
