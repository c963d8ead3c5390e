// What a service says when it refuses: a type and the sentence the caller is shown. Services
// throw these and know nothing of HTTP; http/errors.ts is the one place that maps each type to
// a status and the `{error}` body (decision 038). Outcomes a caller branches on are results,
// not these (settlement's SettleOutcome, packOrders' refused list).

export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input the schema could not judge: an unknown size, a wrong OTP, a date in the past. */
export class Invalid extends DomainError {}

/** Nobody is signed in, or the sign-in failed or ended. */
export class Unauthorized extends DomainError {
  constructor(message = 'Please log in to continue.') {
    super(message);
  }
}

/** Signed in, but not allowed to do this (a role, a missing grant, a second factor). A call
 * naming another shopper's account is refused before any service runs (http/auth.ts). */
export class Forbidden extends DomainError {}

export class NotFound extends DomainError {}

/** The thing exists but its state refuses the change (already paid, shipped, taken). */
export class Conflict extends DomainError {}

/** Not enough stock for what was asked. */
export class SoldOut extends Conflict {}

/** Too many attempts or too soon: the message says when to try again. */
export class TooMany extends DomainError {}

/** Something we depend on (mail, a courier's service) failed; trying later may work. */
export class Unavailable extends DomainError {}

/** A provider responded, but refused or failed the request (a courier could not book). */
export class ProviderFailed extends DomainError {}
