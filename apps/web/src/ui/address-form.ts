// The shipping address as its forms hold it (profile modal and checkout), with the checks
// both make before sending. Patterns are the contract's.
import {
  isIndianState,
  PHONE_PATTERN,
  PINCODE_PATTERN,
  type ShippingAddress,
} from '@kitroom/contract';

/** The form's text values (the state is '' until one is chosen). */
export type AddressValues = Record<keyof ShippingAddress, string>;
export type AddressField = keyof AddressValues;

export const EMPTY_ADDRESS: AddressValues = {
  first_name: '',
  last_name: '',
  street_name: '',
  city: '',
  state: '',
  pincode: '',
  phone: '',
};

export const ADDRESS_FIELDS: readonly AddressField[] = [
  'first_name',
  'last_name',
  'street_name',
  'city',
  'state',
  'pincode',
  'phone',
];

/** A saved address as the form starts from it (a state no longer listed is left blank). */
export function addressValues(saved: ShippingAddress | null | undefined): AddressValues {
  if (!saved) return EMPTY_ADDRESS;
  return { ...saved, state: isIndianState(saved.state) ? saved.state : '' };
}

/**
 * A first address's name and phone from the shopper's account: the name's last word is the
 * last name and the rest the first ('Asha K Menon' → 'Asha K', 'Menon'; one word is a first
 * name); a number that is not 10 digits is left out.
 */
export function accountAddressValues(account: {
  name: string;
  phone_number: string;
}): Pick<AddressValues, 'first_name' | 'last_name' | 'phone'> {
  const words = account.name.trim().split(/\s+/).filter(Boolean);
  const last = words.length > 1 ? words.pop()! : '';
  const phone = account.phone_number.trim();
  return {
    first_name: words.join(' '),
    last_name: last,
    phone: PHONE_PATTERN.test(phone) ? phone : '',
  };
}

export function hasBlankField(values: AddressValues): boolean {
  return ADDRESS_FIELDS.some((field) => values[field].trim() === '');
}

export const ADDRESS_TEXTS = {
  pincode: 'Postal code must be exactly 6 digits.',
  phone: 'Phone number must be exactly 10 digits.',
} as const;

/** Per-field problems of a filled address (pattern checks only; blanks are the caller's). */
export function addressFieldProblems(values: AddressValues): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  if (values.pincode.trim() !== '' && !PINCODE_PATTERN.test(values.pincode.trim())) {
    problems.pincode = ADDRESS_TEXTS.pincode;
  }
  if (values.phone.trim() !== '' && !PHONE_PATTERN.test(values.phone.trim())) {
    problems.phone = ADDRESS_TEXTS.phone;
  }
  return problems;
}

/** Trimmed values, as they are sent. */
export function trimAddress(values: AddressValues): AddressValues {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    street_name: values.street_name.trim(),
    city: values.city.trim(),
    state: values.state,
    pincode: values.pincode.trim(),
    phone: values.phone.trim(),
  };
}

/** 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210'. */
export function formatAddress(address: ShippingAddress): string {
  return `${address.first_name} ${address.last_name}, ${address.street_name}, ${address.city}, ${address.state} ${address.pincode}, ${address.phone}`;
}
