// The one way the back office talks to the server: `call(name, request)` over the contract's
// endpoint table (@kitroom/contract/admin). Path parameters are filled in, the query string
// built and the body sent as JSON; a refusal throws an ApiError with the server's own text.
import {
  adminEndpoints,
  type AdminEndpoint,
  type AdminEndpointName,
  type AdminEndpoints,
  type AdminRequest,
  type AdminResponse,
} from '@kitroom/contract/admin';

/** What an endpoint takes: only the parts (params, query, body) it has. */
export type CallInput<N extends AdminEndpointName> = {
  [
    K in keyof AdminRequest<N> as AdminRequest<N>[K] extends undefined ? never : K
  ]: AdminRequest<N>[K];
};

type CallArgs<N extends AdminEndpointName> = keyof CallInput<N> extends never
  ? []
  : [input: CallInput<N>];

export const UNREACHABLE = 'The shop did not respond. Check your connection and try again.';

/** A refused or failed call: the server's `{error}` text and the HTTP status (0: no response). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly endpoint: AdminEndpointName,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The staff session is missing or over: the response is to sign in again. */
  get signInNeeded(): boolean {
    const access = adminEndpoints[this.endpoint].access;
    return this.status === 401 && access !== 'public' && access !== 'second-factor';
  }
}

function urlOf(endpoint: AdminEndpoint, input: Record<string, unknown>): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key])),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export async function call<N extends AdminEndpointName>(
  name: N,
  ...args: CallArgs<N>
): Promise<AdminResponse<N>> {
  const endpoint: AdminEndpoint = adminEndpoints[name];
  const input = (args[0] ?? {}) as Record<string, unknown>;
  const hasBody = input.body !== undefined;
  return send(name, urlOf(endpoint, input), {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: JSON.stringify(input.body) } : {}),
  });
}

async function send<N extends AdminEndpointName>(
  name: N,
  url: string,
  init: RequestInit,
): Promise<AdminResponse<N>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(UNREACHABLE, 0, name);
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const text =
      json && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
        ? json.error
        : `The shop responded with an error (${res.status}). Please try again.`;
    throw new ApiError(text, res.status, name);
  }
  return json as AdminResponse<N>;
}

type UploadName = {
  [N in AdminEndpointName]: AdminEndpoints[N] extends { consumes: 'multipart/form-data' }
    ? N
    : never;
}[AdminEndpointName];

/** Sends a file to a multipart endpoint (field `file`); refusals throw as for call(). */
export async function upload<N extends UploadName>(
  name: N,
  params: AdminRequest<N>['params'],
  file: Blob,
): Promise<AdminResponse<N>> {
  const form = new FormData();
  form.append('file', file);
  return send(name, urlOf(adminEndpoints[name], { params }), {
    method: adminEndpoints[name].method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body: form,
  });
}

/** The query key of a call: its name and what it sends. */
export function keyOf<N extends AdminEndpointName>(name: N, ...args: CallArgs<N>) {
  return ['admin', name, ...args] as const;
}

/** Options for useQuery: the key and the call. */
export function callQuery<N extends AdminEndpointName>(name: N, ...args: CallArgs<N>) {
  return { queryKey: keyOf(name, ...args), queryFn: () => call(name, ...args) };
}

/** The text to show for any error a call or a page threw. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
