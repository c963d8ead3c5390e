// The back office's one way to write a form: react-hook-form holds the values, and the
// contract's zod schema of the request checks them on submit, as the server will. Each
// field shows the first message the schema gives it (a problem with the whole request is
// `errors.root`); errors stay until the next submit, and the first field in error is focused.
// A form of rows (`useFieldArray`) says with `errorPath` which row's field an issue is about.
import type { RefObject } from 'react';
import type {
  DefaultValues,
  FieldErrors,
  FieldValues,
  Resolver,
  UseFormRegisterReturn,
} from 'react-hook-form';
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

interface RequestFormOptions<Values> {
  /** The request the values make, when they are not it (text to numbers, rupees to paise). */
  toRequest?: (values: Values) => unknown;
  /** What the schema cannot see in the request (text that is not rupees): field → message. */
  check?: (values: Values) => Partial<Record<keyof Values, string>>;
  /**
   * The field an issue of the request is about, as a dotted path of the values
   * (`zones.1.states`); by default the request's top-level field, the form's whole for none.
   */
  errorPath?: (path: readonly PropertyKey[]) => string;
}

const topLevel = (path: readonly PropertyKey[]) => (path.length === 0 ? 'root' : String(path[0]));

type ErrorTree = { [key: string]: ErrorTree | { type: string; message: string } | undefined };

/** Puts the first message for a dotted path into react-hook-form's nested errors. */
function putFirst(errors: ErrorTree, path: string, error: { type: string; message: string }) {
  const keys = path.split('.');
  let at = errors;
  for (const key of keys.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as ErrorTree;
  }
  at[keys.at(-1)!] ??= error;
}

/** The schema checks the request the values make; `check`'s messages win over its. */
export function requestResolver<Values extends FieldValues, Request>(
  schema: RequestSchema<Request>,
  { toRequest = (values) => values, check, errorPath = topLevel }: RequestFormOptions<Values> = {},
): Resolver<Values, unknown, Request> {
  return (values) => {
    const parsed = schema.safeParse(toRequest(values));
    const errors: ErrorTree = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        putFirst(errors, errorPath(issue.path), { type: 'schema', message: issue.message });
      }
    }
    for (const [key, message] of Object.entries(check?.(values) ?? {})) {
      if (typeof message === 'string') errors[key] = { type: 'check', message };
    }
    if (parsed.success && Object.keys(errors).length === 0) {
      return { values: parsed.data, errors: {} };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

export function useRequestForm<Values extends FieldValues, Request>(
  schema: RequestSchema<Request>,
  { defaultValues, ...options }: RequestFormOptions<Values> & { defaultValues: Values },
) {
  return useForm<Values, unknown, Request>({
    resolver: requestResolver(schema, options),
    // The values a form starts with are whole: every field has one.
    defaultValues: defaultValues as DefaultValues<Values>,
    reValidateMode: 'onSubmit',
  });
}

/** A registered field whose element a ref holds too (the field a dialog focuses first). */
export function withRef<Element extends HTMLElement>(
  { ref: register, ...field }: UseFormRegisterReturn,
  held: RefObject<Element | null>,
) {
  return {
    ...field,
    ref: (element: Element | null) => {
      register(element);
      held.current = element;
    },
  };
}
