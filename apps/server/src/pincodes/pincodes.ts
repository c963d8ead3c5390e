// India's pincodes: which state a pincode is in and which city to fill in. The table
// (pincodes.tsv, built from India Post's directory by pincode-table.cli.ts) is read on the
// first lookup, not at start: ≈ 20 ms and a few MB, once per process (decision 029).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isIndianState, pincodeStateProblem, type IndianState } from '@kitroom/contract';
import { serverDir } from '../server-dir.js';
import { CHOSEN_INSTEAD_BEFORE, parsePincodeTable, type PincodeEntry } from './pincode-table.js';

export const TABLE_FILE = pathToFileURL(path.join(serverDir, 'src/pincodes/pincodes.tsv'));

export interface Pincode {
  pincode: string;
  city: string;
  /** The state or territory most of its post offices are in. */
  state: string;
  /** The states an address with this pincode may name. */
  states: IndianState[];
}

let table: Promise<Map<string, PincodeEntry>> | undefined;

function loaded(): Promise<Map<string, PincodeEntry>> {
  table ??= readFile(TABLE_FILE, 'utf8').then(parsePincodeTable);
  return table;
}

/** The states an address in a region may name: itself, and what was chosen for it before. */
function statesOf(region: string): readonly IndianState[] {
  return isIndianState(region) ? [region, ...(CHOSEN_INSTEAD_BEFORE[region] ?? [])] : [];
}

/** A pincode's state and city, or null when India Post has no such pincode. */
export async function lookupPincode(pincode: string): Promise<Pincode | null> {
  const entry = (await loaded()).get(pincode.trim());
  if (!entry) return null;
  const states = new Set([entry.region, ...entry.alsoIn].flatMap(statesOf));
  return { pincode: pincode.trim(), city: entry.city, state: entry.region, states: [...states] };
}

export type PincodeCheck = { ok: true; found: Pincode } | { ok: false; error: string };

/** Looks the pincode up and checks it goes with the address's state. */
export async function checkPincode(pincode: string, state: string): Promise<PincodeCheck> {
  const found = await lookupPincode(pincode);
  const error = pincodeStateProblem(pincode, found, state);
  return found && error === null ? { ok: true, found } : { ok: false, error: error ?? '' };
}

/** The same check's error, or null when the pincode goes with the state. */
export async function checkPincodeState(pincode: string, state: string): Promise<string | null> {
  const check = await checkPincode(pincode, state);
  return check.ok ? null : check.error;
}
