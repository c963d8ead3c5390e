// The back office's tables: columns on a wide screen; on a phone the header is read only by
// screen readers and each row stands as a card (the row's and cells' classes say how).
import type { ReactNode } from 'react';

export interface Column {
  label: ReactNode;
  /** Added to the header cell's classes (text-right). */
  className?: string;
}

export function Table({
  caption,
  columns,
  className = '',
  children,
}: {
  /** Read by screen readers only. */
  caption: string;
  /** The header cells; `false` leaves a column out. */
  columns: readonly (Column | string | false)[];
  className?: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <table className={`w-full border-separate border-spacing-0 text-sm max-md:block ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="text-left text-xs tracking-wide text-muted uppercase">
          {columns.map((column, i) => {
            if (column === false) return null;
            const { label, className: extra = '' } =
              typeof column === 'string' ? { label: column } : column;
            return (
              <th key={i} scope="col" className={`border-b border-line px-3 py-2 ${extra}`}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">{children}</tbody>
    </table>
  );
}
