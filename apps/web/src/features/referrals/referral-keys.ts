// Where this browser keeps its referral codes and a click waiting for its retry (spec
// sections 3 and 9): the one list of those keys, for the storage modules and for the shell,
// which loads the referral keeper only when one of them holds something.

/** localStorage: the affiliate code {id, timestamp}. */
export const AFFILIATE_KEY = 'affiliate_data';
/** localStorage: the campaign code {code, timestamp, window_token}. */
export const GOOGLE_CODE_KEY = 'google_code_data';
/** sessionStorage: a link's click that got no response, kept for its retry. */
export const PENDING_CLICK_KEY = 'referral_retry';

function holds(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) !== null;
  } catch {
    // Storage refused: the keeper could not read it either.
    return false;
  }
}

/** True when the browser holds a code or a pending click: the referral keeper has work. */
export function hasReferralWork(): boolean {
  return (
    holds(() => localStorage, AFFILIATE_KEY) ||
    holds(() => localStorage, GOOGLE_CODE_KEY) ||
    holds(() => sessionStorage, PENDING_CLICK_KEY)
  );
}
