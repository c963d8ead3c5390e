// NIC's e-way bill JSON schema (tax/eway/nic-ewb-bulk.schema.json) compiled with ajv, for the
// tests and the fake e-way bill portal: a bulk file, or one bill, and where it breaks the
// schema as 'billLists/0/docNo: must match pattern …' lines.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';

const schema: unknown = JSON.parse(
  readFileSync(new URL('../tax/eway/nic-ewb-bulk.schema.json', import.meta.url), 'utf8'),
);
// NIC's amounts have two decimals: 2380.95 is a multiple of 0.01 only within a float's error.
const ajv = new Ajv({ allErrors: true, multipleOfPrecision: 8 });
ajv.addSchema(schema as object, 'nic-ewb');
const bulk = ajv.getSchema('nic-ewb');
const bill = ajv.getSchema('nic-ewb#/definitions/bill');

function problems(validate: typeof bulk, value: unknown): string[] {
  if (!validate) throw new Error('The e-way bill schema did not compile');
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath.slice(1)}: ${e.message ?? ''}`);
}

/** Where a bulk file breaks NIC's schema; [] when it keeps it. */
export const bulkFileProblems = (file: unknown) => problems(bulk, file);

/** Where one bill breaks NIC's schema; [] when it keeps it. */
export const billProblems = (value: unknown) => problems(bill, value);
