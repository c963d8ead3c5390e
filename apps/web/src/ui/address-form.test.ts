import type { ShippingAddress } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import {
  accountAddressValues,
  addressFieldProblems,
  addressValues,
  EMPTY_ADDRESS,
  formatAddress,
  hasBlankField,
  trimAddress,
} from './address-form';

const kochi: ShippingAddress = {
  first_name: 'Asha',
  last_name: 'Menon',
  street_name: '12 Beach Road',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682001',
  phone: '9876543210',
};

describe('address forms', () => {
  it('needs every field, the postal code of 6 digits and the phone of 10', () => {
    expect(hasBlankField(EMPTY_ADDRESS)).toBe(true);
    expect(hasBlankField({ ...kochi, city: '  ' })).toBe(true);
    expect(hasBlankField(kochi)).toBe(false);
    expect(addressFieldProblems({ ...kochi, pincode: '68200', phone: '98765' })).toEqual({
      pincode: 'Postal code must be exactly 6 digits.',
      phone: 'Phone number must be exactly 10 digits.',
    });
    expect(addressFieldProblems(kochi)).toEqual({});
  });

  it('starts from the saved address, dropping a state no longer listed', () => {
    expect(addressValues(null)).toEqual(EMPTY_ADDRESS);
    expect(addressValues({ ...kochi, state: 'Madras' as 'Kerala' }).state).toBe('');
    expect(trimAddress({ ...kochi, city: ' Kochi ' }).city).toBe('Kochi');
    expect(formatAddress(kochi)).toBe(
      'Asha Menon, 12 Beach Road, Kochi, Kerala 682001, 9876543210',
    );
  });

  it('takes a first address’s name and phone from the account', () => {
    expect(accountAddressValues({ name: ' Asha  K Menon ', phone_number: '9876543210' })).toEqual({
      first_name: 'Asha K',
      last_name: 'Menon',
      phone: '9876543210',
    });
    expect(accountAddressValues({ name: 'Asha', phone_number: '+91 98765' })).toEqual({
      first_name: 'Asha',
      last_name: '',
      phone: '',
    });
  });
});
