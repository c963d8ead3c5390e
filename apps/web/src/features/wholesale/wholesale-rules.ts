// The wholesale form's checks (spec section 5), in the contract's words and patterns: name
// required, mobile 10 digits starting 6-9, GST optional but a valid GSTIN when given.
import {
  INDIAN_MOBILE_PATTERN,
  isValidGstin,
  WHOLESALE_MESSAGES,
  type WholesaleApplicationInput,
} from '@kitroom/contract';

export interface WholesaleValues {
  requesting_person: string;
  contact_number: string;
  shop_name: string;
  shop_location: string;
  gst: string;
  about_shop: string;
}

export type WholesaleField = keyof WholesaleValues;

export const EMPTY_WHOLESALE: WholesaleValues = {
  requesting_person: '',
  contact_number: '',
  shop_name: '',
  shop_location: '',
  gst: '',
  about_shop: '',
};

/** Each field's problem, in the order the form shows them. */
export function wholesaleProblems(
  values: WholesaleValues,
): Partial<Record<WholesaleField, string>> {
  const problems: Partial<Record<WholesaleField, string>> = {};
  if (values.requesting_person.trim() === '') problems.requesting_person = WHOLESALE_MESSAGES.name;
  if (!INDIAN_MOBILE_PATTERN.test(values.contact_number.trim())) {
    problems.contact_number = WHOLESALE_MESSAGES.mobile;
  }
  if (values.shop_name.trim() === '') problems.shop_name = WHOLESALE_MESSAGES.shopName;
  if (values.shop_location.trim() === '') problems.shop_location = WHOLESALE_MESSAGES.shopLocation;
  const gst = values.gst.trim();
  if (gst !== '' && !isValidGstin(gst)) problems.gst = WHOLESALE_MESSAGES.gst;
  return problems;
}

/** The application as sent: trimmed, GST upper-cased, a blank GST as null. */
export function wholesaleApplication(values: WholesaleValues): WholesaleApplicationInput {
  const gst = values.gst.trim().toUpperCase();
  return {
    requesting_person: values.requesting_person.trim(),
    contact_number: values.contact_number.trim(),
    shop_name: values.shop_name.trim(),
    shop_location: values.shop_location.trim(),
    gst: gst === '' ? null : gst,
    about_shop: values.about_shop.trim(),
  };
}
