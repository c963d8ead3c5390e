// Sessions the server confirmed during this visit: moving between protected pages does not
// ask again for a few minutes. A 401 from any call still ends the session at once.
const VERIFIED_FOR_MS = 5 * 60_000;
const verified = new Map<string, number>();

export function rememberVerified(sessionId: string): void {
  verified.set(sessionId, Date.now() + VERIFIED_FOR_MS);
}

export function wasVerified(sessionId: string): boolean {
  const until = verified.get(sessionId);
  return until !== undefined && until > Date.now();
}

export function forgetVerified(): void {
  verified.clear();
}
