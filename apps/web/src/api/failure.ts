// Telling failures apart: the server answered with an error, or the request never got an
// answer (offline, timed out).
import { ApiError, isAbort } from './client';

/** True when the request got no answer: no network, DNS, or a timeout. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  return !isAbort(error);
}

/** The status of a server's error answer, or undefined when there was no answer. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
