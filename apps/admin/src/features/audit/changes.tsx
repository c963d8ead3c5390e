// An audit entry's fields, compactly: what a change set, with the old value struck through
// where there was one ('role: support → packer'). A field the change did not write is not
// shown (it was not cleared); amounts kept in paise read in rupees, named without `_paise`.
import { formatPaise } from '@/ui/money';

const PAISE = /_paise$/;

const show = (field: string, value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : PAISE.test(field) && typeof value === 'number'
      ? formatPaise(value)
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);

interface Change {
  field: string;
  before?: string;
  after?: string;
}

/**
 * What an entry changed: with `after`, each of its fields whose value differs from `before`
 * (the old value beside it when there was one); with only `before`, what was removed.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const label = (field: string) => field.replace(PAISE, '');
  if (!after) {
    return Object.entries(before ?? {}).map(([field, b]) => ({
      field: label(field),
      before: show(field, b),
    }));
  }
  return Object.entries(after).flatMap(([field, a]): Change[] => {
    const had = before !== null && Object.hasOwn(before, field);
    const b = before?.[field];
    if (had && JSON.stringify(b) === JSON.stringify(a)) return [];
    return [
      had
        ? { field: label(field), before: show(field, b), after: show(field, a) }
        : { field: label(field), after: show(field, a) },
    ];
  });
}

export function Changes({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const changes = changedFields(before, after);
  if (changes.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-0.5">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="text-muted">{c.field.replace(/_/g, ' ')}:</span>{' '}
          {c.before !== undefined && c.after !== undefined ? (
            <>
              <del className="text-muted decoration-muted/60">{c.before}</del>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              <ins className="font-semibold no-underline">{c.after}</ins>
            </>
          ) : c.after !== undefined ? (
            <span className="font-semibold">{c.after}</span>
          ) : (
            <del className="text-muted">{c.before}</del>
          )}
        </li>
      ))}
    </ul>
  );
}
