// Labelled form controls with their error text tied to the control (aria-invalid,
// aria-describedby), and a form-level message that screen readers announce.
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const controlClass =
  'min-h-11 w-full rounded-xl border bg-white px-3.5 text-base text-ink placeholder:text-muted/80 focus:border-ink focus:outline-none disabled:bg-paper';

interface FrameProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, className, children }: FrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string | null, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, ...input },
  ref,
) {
  const id = useId();
  return (
    <FieldFrame {...{ id, label, error, hint, className }}>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${controlClass} ${error ? 'border-sale' : 'border-line'}`}
        {...input}
      />
    </FieldFrame>
  );
});

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

/** A labelled textarea (a reason, a note), its hint and error tied to it as TextField's. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, className, ...textarea }, ref) {
    const id = useId();
    return (
      <FieldFrame {...{ id, label, error, hint, className }}>
        <textarea
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${controlClass} py-2 ${error ? 'border-sale' : 'border-line'}`}
          {...textarea}
        />
      </FieldFrame>
    );
  },
);

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | null;
  options: readonly { value: string; label: string }[];
  className?: string;
}

export function SelectField({ label, error, options, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame {...{ id, label, error, className }}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${controlClass} ${error ? 'border-sale' : 'border-line'}`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A form's message: inserted when there is one, so that it is announced. */
export function FormMessage({
  text,
  tone = 'error',
}: {
  text: string | null | undefined;
  tone?: 'error' | 'info';
}) {
  if (!text) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-3.5 py-2.5 text-sm font-medium ${
        tone === 'error' ? 'bg-red-50 text-sale' : 'bg-emerald-50 text-emerald-800'
      }`}
    >
      {text}
    </p>
  );
}
