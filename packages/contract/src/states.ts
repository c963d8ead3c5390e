// Every state and Union Territory of India, and the GST rules that go by them: apart from
// rules.ts, whose small rules every storefront page loads, so that only the pages with an
// address or a tax in them load the list (decision 086).

/**
 * Every state and Union Territory, 36: the spec's 32 (28 states and four territories) in its
 * order, then the four territories it left out, whose shoppers could not order at all
 * (issue 40).
 */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Puducherry',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Lakshadweep',
  'Andaman and Nicobar Islands',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export function isIndianState(value: string): value is IndianState {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

/** Each state's GST state code: the first two digits of a GSTIN registered there. */
export const GST_STATE_CODES: Record<IndianState, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  // Code 26 since the two territories merged in 2020 (25, Daman and Diu, is retired).
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/**
 * Union Territories without a legislature: a supply inside one is taxed CGST + UTGST, not
 * CGST + SGST (UTGST Act 2017, s. 7). Delhi, Puducherry and Jammu and Kashmir have
 * legislatures and charge SGST.
 */
export const UTGST_TERRITORIES: readonly IndianState[] = [
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Lakshadweep',
  'Andaman and Nicobar Islands',
  'Ladakh',
];

/** The second half of an intra-state supply's tax where the supply is: 'SGST' or 'UTGST'. */
export function stateTaxName(state: string): 'SGST' | 'UTGST' {
  return (UTGST_TERRITORIES as readonly string[]).includes(state) ? 'UTGST' : 'SGST';
}
