// The account area's heading rule: the sub-path in words, or 'My Profile'.

/** '' → 'My Profile'; 'orders' → 'Orders'; 'WholesaleRegistration' → 'Wholesale Registration'. */
export function accountHeading(subPath: string): string {
  if (subPath === '') return 'My Profile';
  const words = subPath.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first segment after /myAccount ('' for the profile). */
export function accountSubPath(pathname: string): string {
  return pathname.replace(/^\/myAccount\/?/, '').split('/')[0] ?? '';
}

export const PROFILE_TEXTS = {
  noAddress: 'NAN',
  allRequired: 'all fields are required',
  saveFailed: 'try again',
} as const;
