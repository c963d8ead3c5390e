// Telling failures apart: the server responded with an error, or the request never got a
// response (offline, timed out).
import { ApiError, isAbort } from './client';

/** True when the request got no response: no network, DNS, or a timeout. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  return !isAbort(error);
}

/** The status of a server's error response, or undefined when there was no response. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
