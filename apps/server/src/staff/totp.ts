// TOTP (RFC 6238: 6 digits, 30 s steps, SHA-1, as every authenticator app does) through otplib.
// A code is accepted for the step before and after the current one (a phone's clock drifts),
// and only for a step later than the last one used, so that a code cannot be replayed.
import { generate, generateSecret, generateURI, verify } from 'otplib';

const STEP_SECONDS = 30;
const ISSUER = 'Kitroom';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads (as a QR code or typed). */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * The time step the code belongs to when it is right and later than `afterStep`; undefined
 * otherwise.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  now = new Date(),
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: STEP_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The code an authenticator shows at `now` (tests and the CLI's self-check). */
export function totpCode(secret: string, now = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}
