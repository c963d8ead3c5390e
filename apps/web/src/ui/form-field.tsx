// Labelled form controls with their error text, for the account, checkout and wholesale
// forms. The error is tied to the control (aria-invalid, aria-describedby).
import {
  useId,
  useMemo,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';

const controlClass =
  'min-h-11 w-full rounded-xl border bg-white px-3.5 text-base text-ink placeholder:text-muted/80 focus:border-ink focus:outline-none disabled:bg-paper';

function describedBy(errorId: string, hintId: string, error?: string | null, hint?: string) {
  // The hint is not shown while there is an error (FieldFrame): no id of a missing element.
  const ids = [error ? errorId : '', hint && !error ? hintId : ''].filter(Boolean).join(' ');
  return ids === '' ? undefined : ids;
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  errorId: string;
  hintId: string;
  className?: string;
  children: ReactNode;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  errorId,
  hintId,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: string;
  /** Classes of the wrapper (grid placement). */
  className?: string;
}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <FieldFrame {...{ id, label, error, hint, errorId, hintId, className }}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, error, hint)}
        className={`${controlClass} ${error ? 'border-sale' : 'border-line'}`}
        {...input}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | null;
  options: readonly string[];
  placeholder: string;
  className?: string;
}

export function SelectField({
  label,
  error,
  options,
  placeholder,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // The same elements on every render (the state list is 32 long): React skips them.
  const choices = useMemo(
    () => [
      <option key="" value="">
        {placeholder}
      </option>,
      ...options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      )),
    ],
    [options, placeholder],
  );
  return (
    <FieldFrame {...{ id, label, error, errorId, hintId: '', className }}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${controlClass} ${error ? 'border-sale' : 'border-line'}`}
        {...select}
      >
        {choices}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<InputHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
  rows?: number;
  className?: string;
}

export function TextAreaField({ label, error, className, rows = 3, ...area }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldFrame {...{ id, label, error, errorId, hintId: '', className }}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${controlClass} py-2.5 ${error ? 'border-sale' : 'border-line'}`}
        {...area}
      />
    </FieldFrame>
  );
}

/**
 * A form-level message (the spec's error texts). Inserted when there is one, so that
 * screen readers announce it (role alert or status) and an empty one takes no room.
 */
export function FormMessage({
  text,
  tone = 'error',
}: {
  text: string | null;
  tone?: 'error' | 'info';
}) {
  if (!text) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`text-sm font-medium ${tone === 'error' ? 'text-sale' : 'text-emerald-700'}`}
    >
      {text}
    </p>
  );
}
