// One call to a NIC portal (the IRP, decision 068; the e-way bill system, 072): the request
// with a timeout, and its response read as JSON in the shape the adapter expects. A portal
// that cannot be reached, fails (5xx) or responds something else is "unavailable" — worth
// trying again later — in the adapter's own error class, named by `who`.
import type { z } from 'zod';

export async function nicEnvelope<T>(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  shape: z.ZodType<T>,
  unavailable: (message: string) => Error,
  who: string,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw unavailable(`${who} could not be reached: ${(err as Error).message}`);
  }
  const body = await res.text();
  if (res.status >= 500) throw unavailable(`${who} responded HTTP ${res.status}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw unavailable(`${who} responded HTTP ${res.status} without JSON.`);
  }
  const envelope = shape.safeParse(parsed);
  if (!envelope.success) {
    throw unavailable(`${who} responded HTTP ${res.status} in a shape we do not know.`);
  }
  return envelope.data;
}
