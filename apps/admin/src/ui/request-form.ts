// The back office's one way to write a form: react-hook-form holds the values, and the
// contract's zod schema of the request checks them on submit, as the server will. Each
// field shows the first message the schema gives it (a problem with the whole request is
// `errors.root`); errors stay until the next submit, and the first field in error is focused.
import type { DefaultValues, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useForm } from 'react-hook-form';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** What the form needs of a contract schema: its safeParse. */
export interface RequestSchema<Request> {
  safeParse(
    input: unknown,
  ): { success: true; data: Request } | { success: false; error: { issues: Issue[] } };
}

/** The schema checks the request the values make (`toRequest`, or the values themselves). */
export function requestResolver<Values extends FieldValues, Request>(
  schema: RequestSchema<Request>,
  toRequest: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Request> {
  return (values) => {
    const parsed = schema.safeParse(toRequest(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.length === 0 ? 'root' : String(issue.path[0]);
      errors[key] ??= { type: 'schema', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

export function useRequestForm<Values extends FieldValues, Request>(
  schema: RequestSchema<Request>,
  options: {
    defaultValues: Values;
    toRequest?: (values: Values) => unknown;
  },
) {
  return useForm<Values, unknown, Request>({
    resolver: requestResolver(schema, options.toRequest),
    // The values a form starts with are whole: every field has one.
    defaultValues: options.defaultValues as DefaultValues<Values>,
    reValidateMode: 'onSubmit',
  });
}
