// An audit entry's fields before and after, compactly: only what changed ('role: support →
// packer'), or what was set when there was nothing before.
const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
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

export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field): Change[] => {
    const b = before?.[field];
    const a = after?.[field];
    if (before && after) {
      return JSON.stringify(b) === JSON.stringify(a)
        ? []
        : [{ field, before: show(b), after: show(a) }];
    }
    return before ? [{ field, before: show(b) }] : [{ field, after: show(a) }];
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
